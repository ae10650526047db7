// dualgpu/on_hip/nvtx3/nvToolsExt.h: shim for HIP builds only. NVTX's C API (ranges, marks, domains,
// names), as calls that do nothing and return what NVTX itself returns when no profiler is attached
// (push and pop: NVTX_NO_PUSH_POP_TRACKING; range ids, domains, strings: 0).
//
// NVTX only annotates a profiler's timeline and never changes what a program computes, so a port
// keeps its annotations and loses only their display: rocprof shows the HIP calls and kernels
// without the named ranges. For named ranges in rocprof, call roctx (roctxRangePushA, ...) behind
// #if defined(DUALGPU_PLATFORM_HIP). The types and constants are NVTX 3's, so code that fills an
// nvtxEventAttributes_t compiles unchanged.
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#define NVTX_VERSION 3
#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxEventAttributes_t)))

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st* nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st* nvtxStringHandle_t;

typedef enum nvtxColorType_t { NVTX_COLOR_UNKNOWN = 0, NVTX_COLOR_ARGB = 1 } nvtxColorType_t;
typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0,
  NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2,
  NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;
typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2,
  NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
  NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

typedef union nvtxMessageValue_t {
  const char* ascii;
  const wchar_t* unicode;
  nvtxStringHandle_t registered;
} nvtxMessageValue_t;

typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;

static inline void nvtxInitialize(const void*) {}
static inline void nvtxMarkEx(const nvtxEventAttributes_t*) {}
static inline void nvtxMarkA(const char*) {}
static inline void nvtxMarkW(const wchar_t*) {}
static inline nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t*) { return 0; }
static inline nvtxRangeId_t nvtxRangeStartA(const char*) { return 0; }
static inline nvtxRangeId_t nvtxRangeStartW(const wchar_t*) { return 0; }
static inline void nvtxRangeEnd(nvtxRangeId_t) {}
static inline int nvtxRangePushEx(const nvtxEventAttributes_t*) { return NVTX_NO_PUSH_POP_TRACKING; }
static inline int nvtxRangePushA(const char*) { return NVTX_NO_PUSH_POP_TRACKING; }
static inline int nvtxRangePushW(const wchar_t*) { return NVTX_NO_PUSH_POP_TRACKING; }
static inline int nvtxRangePop(void) { return NVTX_NO_PUSH_POP_TRACKING; }
static inline void nvtxNameCategoryA(uint32_t, const char*) {}
static inline void nvtxNameCategoryW(uint32_t, const wchar_t*) {}
static inline void nvtxNameOsThreadA(uint32_t, const char*) {}
static inline void nvtxNameOsThreadW(uint32_t, const wchar_t*) {}
static inline nvtxDomainHandle_t nvtxDomainCreateA(const char*) { return NULL; }
static inline nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t*) { return NULL; }
static inline void nvtxDomainDestroy(nvtxDomainHandle_t) {}
static inline void nvtxDomainMarkEx(nvtxDomainHandle_t, const nvtxEventAttributes_t*) {}
static inline nvtxRangeId_t nvtxDomainRangeStartEx(nvtxDomainHandle_t, const nvtxEventAttributes_t*) { return 0; }
static inline void nvtxDomainRangeEnd(nvtxDomainHandle_t, nvtxRangeId_t) {}
static inline int nvtxDomainRangePushEx(nvtxDomainHandle_t, const nvtxEventAttributes_t*) {
  return NVTX_NO_PUSH_POP_TRACKING;
}
static inline int nvtxDomainRangePop(nvtxDomainHandle_t) { return NVTX_NO_PUSH_POP_TRACKING; }
static inline nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t, const char*) { return NULL; }
static inline nvtxStringHandle_t nvtxDomainRegisterStringW(nvtxDomainHandle_t, const wchar_t*) { return NULL; }
static inline void nvtxDomainNameCategoryA(nvtxDomainHandle_t, uint32_t, const char*) {}
static inline void nvtxDomainNameCategoryW(nvtxDomainHandle_t, uint32_t, const wchar_t*) {}

// The unsuffixed names, as NVTX defines them without UNICODE.
#define nvtxMark nvtxMarkA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxRangePush nvtxRangePushA
#define nvtxNameCategory nvtxNameCategoryA
#define nvtxNameOsThread nvtxNameOsThreadA
#define nvtxDomainCreate nvtxDomainCreateA
#define nvtxDomainRegisterString nvtxDomainRegisterStringA
#define nvtxDomainNameCategory nvtxDomainNameCategoryA
