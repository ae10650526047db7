"""Times the benchmark's kernel chain through torch: eager op calls, torch.cuda.CUDAGraph
replay of the same op calls, and the op that launches through dualgpu::graph_launcher.

    python3 bench/graph/torch_graph_bench.py build-bench/libdualgpu_bench_ops.so
"""
import sys
import time

import torch


def per_call_us(fn, iters):
    samples = []
    for _ in range(7):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(iters):
            fn()
        torch.cuda.synchronize()
        samples.append((time.perf_counter() - t0) / iters * 1e6)
    return sorted(samples)[len(samples) // 2]


def main():
    torch.ops.load_library(sys.argv[1])
    if not torch.cuda.is_available():
        print("no GPU visible")
        sys.exit(77)
    ops = torch.ops.dualgpu_bench
    x = torch.zeros(128, device="cuda")
    print(f"device: {torch.cuda.get_device_name()}, torch {torch.__version__}\n")
    print("| N kernels | one op, eager (us) | N ops, eager PyTorch (us) | torch.cuda.CUDAGraph (us) | per node (us) "
          "| op through dualgpu launcher (us) | per node (us) |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n in (10, 40, 200):
        iters = 200 if n >= 200 else 1000
        eager_one = per_call_us(lambda: ops.chain(x, n), iters)
        eager_many = per_call_us(lambda: [ops.chain(x, 1) for _ in range(n)], max(iters // 10, 20))
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):  # warm up on the capture stream, as torch's notes say
            ops.chain(x, n)
        torch.cuda.current_stream().wait_stream(side)
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            ops.chain(x, n)
        torch_graph = per_call_us(g.replay, iters)
        for _ in range(3):
            ops.chain_graph(x, n)
        launcher = per_call_us(lambda: ops.chain_graph(x, n), iters)
        print(f"| {n} | {eager_one:.1f} | {eager_many:.1f} | {torch_graph:.1f} | {torch_graph / n:.2f} "
              f"| {launcher:.1f} | {launcher / n:.2f} |")


if __name__ == "__main__":
    main()
