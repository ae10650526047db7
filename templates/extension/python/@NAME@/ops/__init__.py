"""One module per op (ops/<op>.py: its Python wrapper and its fake for torch.compile). Every module here
is imported, so adding an op edits no list: a module's __all__ becomes part of @NAME@'s namespace."""
import importlib
import pkgutil

modules = {}
__all__ = []
for _info in sorted(pkgutil.iter_modules(__path__), key=lambda info: info.name):
    if _info.name.startswith("_"):
        continue
    modules[_info.name] = importlib.import_module(f"{__name__}.{_info.name}")
    for _name in getattr(modules[_info.name], "__all__", ()):
        globals()[_name] = getattr(modules[_info.name], _name)
        __all__.append(_name)
