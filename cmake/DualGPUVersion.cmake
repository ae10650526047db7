# The one place DualGPU's version is written; everything else reads it from here.
set(DUALGPU_VERSION 0.2.0)
