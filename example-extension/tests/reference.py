"""float64 reference implementations, written the plain way (no fusion, no tricks)."""
import torch


def rms_norm(x, weight, eps):
    x64 = x.double()
    return x64 * torch.rsqrt(x64.pow(2).mean(-1, keepdim=True) + eps) * weight.double()


def fused_add_rms_norm(x, residual, weight, eps):
    """Returns (new x, new residual); the residual is rounded to its dtype before the norm, as stored."""
    new_residual = (x.double() + residual.double()).to(residual.dtype)
    return rms_norm(new_residual, weight, eps), new_residual


def silu_and_mul(x):
    d = x.shape[-1] // 2
    x64 = x.double()
    return torch.nn.functional.silu(x64[..., :d]) * x64[..., d:]


def rotary_embedding(positions, query, key, head_size, cos_sin_cache):
    """NeoX style: pairs (i, i + rot_dim/2) of the first rot_dim values of each head."""
    rot_dim = cos_sin_cache.shape[1]
    half = rot_dim // 2
    rows = cos_sin_cache.double()[positions.reshape(-1)].unsqueeze(1)
    cos, sin = rows[..., :half], rows[..., half:]

    def rotate(t):
        heads = t.double().reshape(positions.numel(), -1, head_size).clone()
        a, b = heads[..., :half].clone(), heads[..., half:rot_dim].clone()
        heads[..., :half] = a * cos - b * sin
        heads[..., half:rot_dim] = b * cos + a * sin
        return heads.reshape(t.shape)

    return rotate(query), rotate(key)
