"""The benchmark's shape sets: each case timed once, and the held-back set apart from the grid (its figures
would otherwise not say how the kernels do on shapes nobody tuned on)."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import shapes  # noqa: E402


@pytest.mark.parametrize("name", sorted(shapes.SETS))
def test_each_shape_once(name):
    specs = shapes.SETS[name][0]()
    repeated = sorted({spec for spec in specs if specs.count(spec) > 1})
    assert not repeated, f"set {name} lists {repeated} more than once"


def test_heldback_apart_from_grid():
    assert not set(shapes.heldback()) & set(shapes.grid())


def test_grid_keeps_extra_order():
    # The EXTRA shapes lead the grid in the order listed, so runs stay comparable case by case.
    grid = shapes.grid()
    assert grid[:len(shapes.EXTRA)] == shapes.EXTRA
