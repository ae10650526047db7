"""Fake (meta) implementations: shapes and dtypes only, so the ops trace under torch.compile."""
import torch


def _registrar():
    # register_fake is torch >= 2.4; impl_abstract its 2.2/2.3 name; older torch has neither.
    return getattr(torch.library, "register_fake", None) or getattr(torch.library, "impl_abstract", None)


def register():
    fake = _registrar()
    if fake is None:
        return

    @fake("dualgpu_example::rms_norm")
    def _rms_norm(x, weight, eps):
        return torch.empty_like(x)

    @fake("dualgpu_example::fused_add_rms_norm")
    def _fused_add_rms_norm(x, residual, weight, eps):
        return None

    @fake("dualgpu_example::silu_and_mul")
    def _silu_and_mul(x):
        return x.new_empty(x.shape[:-1] + (x.shape[-1] // 2,))

    @fake("dualgpu_example::rotary_embedding")
    def _rotary_embedding(positions, query, key, head_size, cos_sin_cache):
        return None

    @fake("dualgpu_example::decode_step")
    def _decode_step(x, residual, weight, eps, positions, query, key, cos_sin_cache, head_size, gate_up, out,
                     use_graph=True):
        return None
