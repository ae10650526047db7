// dualgpu/on_hip/cooperative_groups/scan.h: shim for HIP builds only. Not mapped on ROCm.
#pragma once
#error "dualgpu: <cooperative_groups/scan.h> is not mapped on ROCm; see docs/porting.md#cooperative-groups"
