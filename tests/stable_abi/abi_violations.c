/* A library that breaks each promise dualgpu check-abi holds a stable-ABI abi3 build to, with no torch or
 * Python headers needed: a torch C shim added after 2.10 (declared in torch 2.12's shim headers), a CPython
 * function in the limited API only from 3.10, and one outside the limited API. */
extern int aoti_torch_dtype_float8_e8m0fnu(void);
extern const char* PyUnicode_AsUTF8AndSize(void* unicode, long* size);
extern void* PyCode_NewEmpty(const char* filename, const char* funcname, int firstlineno);

int newer_shim(void) { return aoti_torch_dtype_float8_e8m0fnu(); }
const char* limited_from_3_10(void* s) { return PyUnicode_AsUTF8AndSize(s, 0); }
void* not_limited(void) { return PyCode_NewEmpty("f", "g", 1); }
