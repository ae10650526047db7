"""`python -m dualgpu` and the `dualgpu` console command: python/dualgpu/cli/ has the commands.

  --cmake-dir     print the folder of DualGPUConfig.cmake (for -DDualGPU_DIR=...)
  --include-dir   print the folder that holds dualgpu/*.hpp
  --version       print DualGPU's version
  <command> ...   check-abi, doctor, new, example, selfcheck, smoke
"""
import sys

from dualgpu.cli import main

if __name__ == "__main__":
    sys.exit(main())
