# The wave size comes from the architecture table's wave column, so every 64-lane target counts:
# GCN4's gfx803 too, which a '^gfx9' pattern missed. Reference: LLVM AMDGPUUsage, "wavefront size"
# of each processor (GCN and CDNA: 64; RDNA: 32 by default).
include("${CMAKE_CURRENT_LIST_DIR}/expect.cmake")
dualgpu_wave64_architectures(w "gfx803;gfx900;gfx90a:xnack-;gfx942;gfx950;gfx1030;gfx1100;gfx1201")
expect_eq("64-lane targets" "${w}" "gfx803;gfx900;gfx90a:xnack-;gfx942;gfx950")
dualgpu_wave64_architectures(w "gfx1010;gfx1151;gfx11-generic")
expect_eq("RDNA is 32 lanes" "${w}" "")
dualgpu_wave64_architectures(w "gfx9-generic;gfx9-4-generic;gfx10-1-generic")
expect_eq("generic targets follow their members" "${w}" "gfx9-generic;gfx9-4-generic")
dualgpu_wave64_architectures(w "gfx9999;not-a-target;")
expect_eq("unknown targets are not guessed" "${w}" "")
