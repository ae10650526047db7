// Host code learns from DEFINE which kernels were built.
#if !defined(HAVE_NARROW_KERNEL) || HAVE_NARROW_KERNEL != 1 || !defined(HAVE_MISSING_KERNEL) || HAVE_MISSING_KERNEL != 0
#error "expected HAVE_NARROW_KERNEL=1 and HAVE_MISSING_KERNEL=0"
#endif  // HAVE_NARROW_KERNEL, HAVE_MISSING_KERNEL

void launch_every(float* x);
void launch_narrow(float* x);

void launch_all(float* x) {
  launch_every(x);
  launch_narrow(x);
}
