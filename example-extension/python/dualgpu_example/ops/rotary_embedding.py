"""rotary_embedding: NeoX-style rotary embedding of query and key, in place (csrc/rotary_embedding.cpp,
csrc/cuda/rotary_embedding.cu)."""
import torch

from dualgpu.extension import register_fake

__all__ = ["rotary_embedding"]


def rotary_embedding(positions, query, key, head_size, cos_sin_cache):
    """NeoX-style rotary embedding of query and key, in place."""
    torch.ops.dualgpu_example.rotary_embedding(positions, query, key, head_size, cos_sin_cache)


@register_fake("dualgpu_example::rotary_embedding")
def _fake(positions, query, key, head_size, cos_sin_cache):
    return None
