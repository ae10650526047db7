"""bench_bandwidth.py sets each peer against ours doing the same work: fused_add_rms_norm's Liger-Kernel op
writes new tensors, so it is compared with ours in that form, the in-place peers with ours in place. The
rows below are the benchmark's own row dicts with made-up times; the expected ratios are worked by hand."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import bench_bandwidth as bb  # noqa: E402


def rows(op, times):
    return [dict(op=op, impl=impl, us=us, wall_us=None, pct_copy=50.0) for impl, us in times.items()]


def test_liger_against_ours_writing_new_tensors():
    # In place ours (10.0) trails Liger-Kernel (9.5); into new tensors (9.0) it leads: 9.5 / 9.0.
    case = rows("fused_add_rms_norm", {"dualgpu": 10.0, bb.OURS_NEW_TENSORS: 9.0, "liger": 9.5, "eager": 30.0,
                                       "compile": 12.0})
    summary = bb.case_summary("fused_add_rms_norm", "16384x8192", "bfloat16", "cold", case)
    assert summary["peer"] == "liger" and summary["ours"] == bb.OURS_NEW_TENSORS
    assert summary["us"] == 9.0 and summary["ratio"] == pytest.approx(9.5 / 9.0)
    assert "(vs dualgpu (new tensors))" in bb.summary_line(summary)


def test_in_place_peer_against_ours_in_place():
    # compile (10.2) over ours in place (10.0) is 1.02, below Liger-Kernel's 9.5 over 9.0 = 1.056: compile is
    # the best peer, and the ratio is against ours in place, not against the faster new-tensor form.
    case = rows("fused_add_rms_norm", {"dualgpu": 10.0, bb.OURS_NEW_TENSORS: 9.0, "liger": 9.5, "compile": 10.2})
    summary = bb.case_summary("fused_add_rms_norm", "1x4096", "float16", "hot", case)
    assert summary["peer"] == "compile" and summary["ours"] == "dualgpu"
    assert summary["ratio"] == pytest.approx(10.2 / 10.0)
    assert "(vs" not in bb.summary_line(summary)


def test_other_ops_against_ours():
    # silu_and_mul has one form: Liger-Kernel against ours as it is.
    case = rows("silu_and_mul", {"dualgpu": 2.0, "liger": 1.9, "compile": 2.5})
    summary = bb.case_summary("silu_and_mul", "1x4096", "bfloat16", "cold", case)
    assert summary["peer"] == "liger" and summary["ours"] == "dualgpu"
    assert summary["ratio"] == pytest.approx(0.95)


def test_missing_form_falls_back_to_no_pair():
    # Ours into new tensors not timed (an error row has no time): Liger-Kernel has no pair; compile does.
    case = rows("fused_add_rms_norm", {"dualgpu": 10.0, bb.OURS_NEW_TENSORS: None, "liger": 9.5, "compile": 11.0})
    summary = bb.case_summary("fused_add_rms_norm", "64x4096", "float32", "after", case)
    assert summary["peer"] == "compile" and summary["ratio"] == pytest.approx(1.1)
