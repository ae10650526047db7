# The tool-output parsers against outputs recorded on real machines (tests/fixtures/SOURCES.md).
include("${CMAKE_CURRENT_LIST_DIR}/expect.cmake")

read_fixture(text rocminfo-mi210-x4.txt)
dualgpu_gpus_from_rocminfo(gpus "${text}")
expect_eq("4x MI210 (CPU agents left out)" "${gpus}"
  "amd|AMD Instinct MI210|gfx90a|dgpu;amd|AMD Instinct MI210|gfx90a|dgpu;amd|AMD Instinct MI210|gfx90a|dgpu;amd|AMD Instinct MI210|gfx90a|dgpu")

read_fixture(text rocminfo-rx7900xtx.txt)
dualgpu_gpus_from_rocminfo(gpus "${text}")
expect_match("RX 7900 XTX" "${gpus}" "^amd\\|[^|]*\\|gfx1100\\|dgpu$")

# Discrete RDNA4 plus the Ryzen iGPU; generic ISA lines (gfx12-generic) are not GPUs.
read_fixture(text rocminfo-rx9070xt-igpu-gfx1036.txt)
dualgpu_gpus_from_rocminfo(gpus "${text}")
expect_eq("RX 9070 XT + iGPU" "${gpus}" "amd|AMD Radeon RX 9070 XT|gfx1201|dgpu;amd|AMD Radeon Graphics|gfx1036|igpu")

read_fixture(text rocminfo-rx6800-rdna2.txt)
dualgpu_gpus_from_rocminfo(gpus "${text}")
expect_eq("RX 6800 (RDNA2), Intel CPU agent left out" "${gpus}" "amd|AMD Radeon RX 6800|gfx1030|dgpu")

read_fixture(text rocminfo-error-rock-not-loaded.txt)
dualgpu_gpus_from_rocminfo(gpus "${text}")
expect_eq("rocminfo without driver" "${gpus}" "")

read_fixture(text rocm_agent_enumerator-gfx803-gfx902.txt)
dualgpu_gpus_from_rocm_agent_enumerator(gpus "${text}")
expect_eq("gfx000 dropped, APU flagged" "${gpus}" "amd|gfx803|gfx803|dgpu;amd|gfx902|gfx902|igpu")

read_fixture(text rocm_agent_enumerator-error-no-kfd.txt)
dualgpu_gpus_from_rocm_agent_enumerator(gpus "${text}")
expect_eq("traceback is no GPU" "${gpus}" "")

read_fixture(text amdgpu-arch-failed-cmake-warning.txt)
dualgpu_gpus_from_amdgpu_arch(gpus "${text}")
expect_eq("amdgpu-arch failure" "${gpus}" "")

read_fixture(text nvidia-smi-csv-h100-x8.txt)
dualgpu_gpus_from_nvidia_smi(gpus "${text}")
list(LENGTH gpus n)
expect_eq("8 H100" "${n}" "8")
list(GET gpus 0 first)
expect_eq("H100 record" "${first}" "nvidia|NVIDIA H100 80GB HBM3|90|dgpu")

read_fixture(text nvidia-smi-csv-error-old-driver.txt)
dualgpu_gpus_from_nvidia_smi(gpus "${text}")
expect_eq("old driver" "${gpus}" "")

read_fixture(text nvcc-version-cuda12.2.txt)
dualgpu_cuda_version_from_nvcc(v "${text}")
expect_eq("nvcc 12.2" "${v}" "12.2")
read_fixture(text hipcc-version-rocm6.2.4.txt)
dualgpu_hip_version_from_hipcc(v "${text}")
expect_eq("hipcc 6.2" "${v}" "6.2.41134")
