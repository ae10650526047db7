// Host code: on the cpu platform the GPU sources are left out and this stands in for them.
#if defined(DUALGPU_PLATFORM_CPU)
int launch_scale(float* data, float factor, int n) {
  for (int i = 0; i < n; ++i) data[i] *= factor;
  return 0;
}
#endif  // DUALGPU_PLATFORM_CPU
