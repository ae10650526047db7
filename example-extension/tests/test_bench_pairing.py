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


def test_ratio_range_over_paired_rounds():
    # Round by round Liger-Kernel over ours: 1.9/2.0 = 0.95, 2.31/2.2 = 1.05, 2.1/2.1 = 1.0; the median ratio
    # (2.1 / 2.1 = 1.0) sits inside that range, and no round being behind in all makes it level, not behind.
    case = rows("silu_and_mul", {"dualgpu": 2.1, "liger": 2.1})
    case[0]["rounds_us"], case[1]["rounds_us"] = [2.0, 2.2, 2.1], [1.9, 2.31, 2.1]
    level = bb.case_summary("silu_and_mul", "1x4096", "bfloat16", "cold", case)
    assert (level["ratio_low"], level["ratio_high"]) == (pytest.approx(0.95), pytest.approx(1.05))
    assert "1.000x (0.950-1.050)" in bb.summary_line(level)
    # Behind in each of its rounds: 1.9/2.0 and 1.8/2.0.
    behind_rows = rows("silu_and_mul", {"dualgpu": 2.0, "compile": 1.85})
    behind_rows[0]["rounds_us"], behind_rows[1]["rounds_us"] = [2.0, 2.0], [1.9, 1.8]
    behind = bb.case_summary("silu_and_mul", "1x5120", "float32", "cold", behind_rows)
    assert behind["ratio_high"] == pytest.approx(0.95)
    assert "below 1.0: 1 (in every round: 1)" in bb.ratio_line("silu_and_mul cold", [level, behind])


def test_no_range_without_paired_rounds():
    # Rounds of unequal number (a round that failed) pair nothing: no range is claimed.
    case = rows("silu_and_mul", {"dualgpu": 2.0, "liger": 1.9})
    case[0]["rounds_us"], case[1]["rounds_us"] = [2.0, 2.0], [1.9]
    summary = bb.case_summary("silu_and_mul", "1x4096", "bfloat16", "cold", case)
    assert summary["ratio_low"] is None and "(" not in bb.summary_line(summary).split("|")[7]
