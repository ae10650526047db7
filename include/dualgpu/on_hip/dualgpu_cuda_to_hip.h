// dualgpu/on_hip/dualgpu_cuda_to_hip.h: the CUDA runtime API spelled as its HIP twin.
//
// Included only through the shim headers in this directory (cuda_runtime.h, ...), which
// DualGPU::runtime puts first on the include path of HIP builds, so that code written in the
// CUDA spelling compiles unchanged for ROCm. It is the only place in DualGPU where CUDA names
// are mapped. Kernel-side names (threadIdx, __syncthreads, __shared__, atomicAdd, __ldg,
// __launch_bounds__, __half, ...) need no mapping: HIP spells them the same way.
//
// Kernel-side names HIP spells differently or lacks live beside it: dualgpu_cuda_warp.h (the
// masked warp intrinsics, CUDA's meaning on 64-wide waves), dualgpu_cuda_cache_hints.h
// (__ldcs, __stcs, ...), dualgpu_cuda_compat.h (the CUDA 12 cudaGraphInstantiate, kernels as
// cudaFuncSetAttribute's argument, host isfinite/isnan), dualgpu_cuda_minmax.h (CUDA's min/max
// overload set). dualgpu_cuda_hip_include.h reads HIP's runtime header the way CUDA code needs
// it: discarded cudaError_t results do not warn, and HIP's float/double atomicMin/atomicMax are
// hidden (dualgpu_cuda_atomics.h declares CUDA's set again). DualGPU::runtime force-includes
// cuda_runtime.h, and so this file, in every HIP source, as nvcc does with CUDA's.
// The CUDA libraries (cuBLAS, cuRAND, cuFFT, ...) map to their HIP twins in their own headers
// (cublas_v2.h, curand.h, cufft.h, ...). Not mapped, see docs/porting.md for the portable
// alternative: cuDNN, the driver API (cu*), inline PTX, cudaGraphExecUpdate's CUDA 12 signature (HIP keeps
// the CUDA 11 one), cudaLaunchKernelEx and launch attributes.
// Names marked "not in HIP 5.2" exist in later ROCm releases; with 5.2 they fail to compile
// naming the hip* function, which says what is missing.
#pragma once

#include "dualgpu_cuda_hip_include.h"

#if !defined(__HIP_PLATFORM_AMD__) && !defined(__HIP_PLATFORM_HCC__)
#error "dualgpu/on_hip shim: these headers map CUDA names to HIP on AMD GPUs; on NVIDIA use CUDA's own headers (do not put include/dualgpu/on_hip on the include path)"
#endif  // AMD platform

// CUDART_VERSION tells user code which CUDA features exist; a HIP build has none of
// CUDA's version-gated features, so it is left undefined on purpose.

// The include guards of CUDA's own headers: code such as cuda-samples' helper_cuda.h tests
// them (#ifdef __DRIVER_TYPES_H__) before defining checkCudaErrors. __cuda_cuda_h__ (the
// driver API's) stays undefined: the driver API is not mapped.
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#define __VECTOR_TYPES_H__
#define __HOST_DEFINES_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__

// Types
#define cudaError_t                                            hipError_t
#define cudaStream_t                                           hipStream_t
#define cudaEvent_t                                            hipEvent_t
#define cudaGraph_t                                            hipGraph_t
#define cudaGraphExec_t                                        hipGraphExec_t
#define cudaGraphNode_t                                        hipGraphNode_t
#define cudaMemcpyKind                                         hipMemcpyKind
#define cudaStreamCaptureMode                                  hipStreamCaptureMode
#define cudaStreamCaptureStatus                                hipStreamCaptureStatus
#define cudaGraphExecUpdateResult                              hipGraphExecUpdateResult
#define cudaFuncAttributes                                     hipFuncAttributes
#define cudaFuncAttribute                                      hipFuncAttribute
#define cudaFuncCache                                          hipFuncCache_t
#define cudaSharedMemConfig                                    hipSharedMemConfig
#define cudaMemoryType                                         hipMemoryType
#define cudaHostFn_t                                           hipHostFn_t
#define cudaStreamCallback_t                                   hipStreamCallback_t
#define cudaKernelNodeParams                                   hipKernelNodeParams
#define cudaMemsetParams                                       hipMemsetParams
#define cudaMemcpy3DParms                                      hipMemcpy3DParms
#define cudaExtent                                             hipExtent
#define cudaPitchedPtr                                         hipPitchedPtr
#define cudaPos                                                hipPos
#define cudaArray_t                                            hipArray_t
#define cudaMemPool_t                                          hipMemPool_t
#define cudaGraphNodeType                                      hipGraphNodeType
#define cudaIpcMemHandle_t                                     hipIpcMemHandle_t
#define cudaIpcEventHandle_t                                   hipIpcEventHandle_t
#define cudaLaunchParams                                       hipLaunchParams
#define cudaChannelFormatDesc                                  hipChannelFormatDesc
#define cudaMemoryAdvise                                       hipMemoryAdvise
#define cudaMemRangeAttribute                                  hipMemRangeAttribute
#define cudaUUID_t                                             hipUUID_t

// Memory
#define cudaMalloc                                             hipMalloc
#define cudaFree                                               hipFree
#define cudaHostRegister                                       hipHostRegister
#define cudaHostUnregister                                     hipHostUnregister
#define cudaHostGetDevicePointer                               hipHostGetDevicePointer
#define cudaHostGetFlags                                       hipHostGetFlags
#define cudaMallocManaged                                      hipMallocManaged
#define cudaMallocAsync                                        hipMallocAsync
#define cudaFreeAsync                                          hipFreeAsync
#define cudaMallocFromPoolAsync                                hipMallocFromPoolAsync
#define cudaMallocPitch                                        hipMallocPitch
#define cudaMalloc3D                                           hipMalloc3D
#define cudaMemcpy                                             hipMemcpy
#define cudaMemcpyAsync                                        hipMemcpyAsync
#define cudaMemcpy2D                                           hipMemcpy2D
#define cudaMemcpy2DAsync                                      hipMemcpy2DAsync
#define cudaMemcpy3D                                           hipMemcpy3D
#define cudaMemcpy3DAsync                                      hipMemcpy3DAsync
#define cudaMemcpyPeer                                         hipMemcpyPeer
#define cudaMemcpyPeerAsync                                    hipMemcpyPeerAsync
#define cudaMemcpyToSymbol                                     hipMemcpyToSymbol
#define cudaMemcpyFromSymbol                                   hipMemcpyFromSymbol
#define cudaMemcpyToSymbolAsync                                hipMemcpyToSymbolAsync
#define cudaMemcpyFromSymbolAsync                              hipMemcpyFromSymbolAsync
#define cudaGetSymbolAddress                                   hipGetSymbolAddress
#define cudaGetSymbolSize                                      hipGetSymbolSize
#define cudaMemset                                             hipMemset
#define cudaMemsetAsync                                        hipMemsetAsync
#define cudaMemset2D                                           hipMemset2D
#define cudaMemset2DAsync                                      hipMemset2DAsync
#define cudaMemGetInfo                                         hipMemGetInfo
#define cudaPointerGetAttributes                               hipPointerGetAttributes
#define cudaMemPrefetchAsync                                   hipMemPrefetchAsync
#define cudaMemAdvise                                          hipMemAdvise
#define cudaMemRangeGetAttribute                               hipMemRangeGetAttribute
#define cudaDeviceGetDefaultMemPool                            hipDeviceGetDefaultMemPool
#define cudaDeviceGetMemPool                                   hipDeviceGetMemPool
#define cudaDeviceSetMemPool                                   hipDeviceSetMemPool
#define cudaMemPoolTrimTo                                      hipMemPoolTrimTo
#define cudaMemPoolSetAttribute                                hipMemPoolSetAttribute
#define cudaMemPoolGetAttribute                                hipMemPoolGetAttribute
#define cudaIpcGetMemHandle                                    hipIpcGetMemHandle
#define cudaIpcOpenMemHandle                                   hipIpcOpenMemHandle
#define cudaIpcCloseMemHandle                                  hipIpcCloseMemHandle
#define cudaIpcGetEventHandle                                  hipIpcGetEventHandle
#define cudaIpcOpenEventHandle                                 hipIpcOpenEventHandle

// Devices
#define cudaDeviceSynchronize                                  hipDeviceSynchronize
#define cudaDeviceReset                                        hipDeviceReset
#define cudaSetDevice                                          hipSetDevice
#define cudaGetDevice                                          hipGetDevice
#define cudaGetDeviceCount                                     hipGetDeviceCount
#define cudaGetDeviceProperties                                hipGetDeviceProperties
#define cudaDeviceGetAttribute                                 hipDeviceGetAttribute
#define cudaDeviceCanAccessPeer                                hipDeviceCanAccessPeer
#define cudaDeviceEnablePeerAccess                             hipDeviceEnablePeerAccess
#define cudaDeviceDisablePeerAccess                            hipDeviceDisablePeerAccess
#define cudaDeviceGetStreamPriorityRange                       hipDeviceGetStreamPriorityRange
#define cudaDeviceSetCacheConfig                               hipDeviceSetCacheConfig
#define cudaDeviceGetCacheConfig                               hipDeviceGetCacheConfig
#define cudaDeviceSetSharedMemConfig                           hipDeviceSetSharedMemConfig
#define cudaDeviceGetSharedMemConfig                           hipDeviceGetSharedMemConfig
#define cudaDeviceSetLimit                                     hipDeviceSetLimit  // not in HIP 5.2
#define cudaDeviceGetLimit                                     hipDeviceGetLimit
#define cudaDeviceGetPCIBusId                                  hipDeviceGetPCIBusId
#define cudaDeviceGetByPCIBusId                                hipDeviceGetByPCIBusId
#define cudaDeviceGetP2PAttribute                              hipDeviceGetP2PAttribute
#define cudaSetDeviceFlags                                     hipSetDeviceFlags
#define cudaGetDeviceFlags                                     hipGetDeviceFlags
#define cudaChooseDevice                                       hipChooseDevice
#define cudaDriverGetVersion                                   hipDriverGetVersion
#define cudaRuntimeGetVersion                                  hipRuntimeGetVersion

// Streams and events
#define cudaStreamCreate                                       hipStreamCreate
#define cudaStreamCreateWithFlags                              hipStreamCreateWithFlags
#define cudaStreamCreateWithPriority                           hipStreamCreateWithPriority
#define cudaStreamDestroy                                      hipStreamDestroy
#define cudaStreamSynchronize                                  hipStreamSynchronize
#define cudaStreamQuery                                        hipStreamQuery
#define cudaStreamWaitEvent                                    hipStreamWaitEvent
#define cudaStreamAddCallback                                  hipStreamAddCallback
#define cudaStreamGetFlags                                     hipStreamGetFlags
#define cudaStreamGetPriority                                  hipStreamGetPriority
#define cudaStreamAttachMemAsync                               hipStreamAttachMemAsync
#define cudaLaunchHostFunc                                     hipLaunchHostFunc
#define cudaEventCreate                                        hipEventCreate
#define cudaEventCreateWithFlags                               hipEventCreateWithFlags
#define cudaEventDestroy                                       hipEventDestroy
#define cudaEventRecord                                        hipEventRecord
#define cudaEventRecordWithFlags                               hipEventRecordWithFlags  // not in HIP 5.2
#define cudaEventSynchronize                                   hipEventSynchronize
#define cudaEventQuery                                         hipEventQuery
#define cudaEventElapsedTime                                   hipEventElapsedTime

// Graphs and capture
#define cudaStreamBeginCapture                                 hipStreamBeginCapture
#define cudaStreamEndCapture                                   hipStreamEndCapture
#define cudaStreamIsCapturing                                  hipStreamIsCapturing
#define cudaStreamGetCaptureInfo                               hipStreamGetCaptureInfo
#define cudaStreamGetCaptureInfo_v2                            hipStreamGetCaptureInfo_v2
#define cudaStreamUpdateCaptureDependencies                    hipStreamUpdateCaptureDependencies
#define cudaThreadExchangeStreamCaptureMode                    hipThreadExchangeStreamCaptureMode
#define cudaGraphCreate                                        hipGraphCreate
#define cudaGraphDestroy                                       hipGraphDestroy
#define cudaGraphInstantiateWithFlags                          hipGraphInstantiateWithFlags
#define cudaGraphLaunch                                        hipGraphLaunch
#define cudaGraphUpload                                        hipGraphUpload  // not in HIP 5.2
#define cudaGraphExecDestroy                                   hipGraphExecDestroy
#define cudaGraphExecUpdate                                    hipGraphExecUpdate
#define cudaGraphGetNodes                                      hipGraphGetNodes
#define cudaGraphGetRootNodes                                  hipGraphGetRootNodes
#define cudaGraphGetEdges                                      hipGraphGetEdges
#define cudaGraphNodeGetType                                   hipGraphNodeGetType
#define cudaGraphNodeGetDependencies                           hipGraphNodeGetDependencies
#define cudaGraphKernelNodeGetParams                           hipGraphKernelNodeGetParams
#define cudaGraphKernelNodeSetParams                           hipGraphKernelNodeSetParams
#define cudaGraphExecKernelNodeSetParams                       hipGraphExecKernelNodeSetParams
#define cudaGraphAddKernelNode                                 hipGraphAddKernelNode
#define cudaGraphAddMemcpyNode                                 hipGraphAddMemcpyNode
#define cudaGraphAddMemcpyNode1D                               hipGraphAddMemcpyNode1D
#define cudaGraphAddMemsetNode                                 hipGraphAddMemsetNode
#define cudaGraphAddEmptyNode                                  hipGraphAddEmptyNode
#define cudaGraphAddHostNode                                   hipGraphAddHostNode
#define cudaGraphAddChildGraphNode                             hipGraphAddChildGraphNode
#define cudaGraphAddEventRecordNode                            hipGraphAddEventRecordNode
#define cudaGraphAddEventWaitNode                              hipGraphAddEventWaitNode
#define cudaGraphAddDependencies                               hipGraphAddDependencies
#define cudaGraphClone                                         hipGraphClone
#define cudaGraphDestroyNode                                   hipGraphDestroyNode
#define cudaGraphExecMemcpyNodeSetParams                       hipGraphExecMemcpyNodeSetParams
#define cudaGraphExecMemsetNodeSetParams                       hipGraphExecMemsetNodeSetParams
#define cudaGraphExecHostNodeSetParams                         hipGraphExecHostNodeSetParams
#define cudaGraphExecChildGraphNodeSetParams                   hipGraphExecChildGraphNodeSetParams
#define cudaGraphDebugDotPrint                                 hipGraphDebugDotPrint  // not in HIP 5.2
#define cudaDeviceGraphMemTrim                                 hipDeviceGraphMemTrim  // not in HIP 5.2

// Errors
#define cudaGetLastError                                       hipGetLastError
#define cudaPeekAtLastError                                    hipPeekAtLastError
#define cudaGetErrorName                                       hipGetErrorName
#define cudaGetErrorString                                     hipGetErrorString

// Launch and occupancy
#define cudaLaunchKernel                                       hipLaunchKernel
#define cudaLaunchCooperativeKernel                            hipLaunchCooperativeKernel
#define cudaLaunchCooperativeKernelMultiDevice                 hipLaunchCooperativeKernelMultiDevice
#define cudaFuncSetCacheConfig                                 hipFuncSetCacheConfig
#define cudaFuncSetSharedMemConfig                             hipFuncSetSharedMemConfig
#define cudaOccupancyMaxActiveBlocksPerMultiprocessor          hipOccupancyMaxActiveBlocksPerMultiprocessor
#define cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags
#define cudaOccupancyMaxPotentialBlockSize                     hipOccupancyMaxPotentialBlockSize
#define cudaOccupancyMaxPotentialBlockSizeWithFlags            hipOccupancyMaxPotentialBlockSizeWithFlags
#define cudaCreateChannelDesc                                  hipCreateChannelDesc

// Stream-ordered allocator: the pool attributes cudaMemPoolSetAttribute/GetAttribute take.
#define cudaMemPoolAttr                                        hipMemPoolAttr
#define cudaMemPoolReuseFollowEventDependencies                hipMemPoolReuseFollowEventDependencies
#define cudaMemPoolReuseAllowOpportunistic                     hipMemPoolReuseAllowOpportunistic
#define cudaMemPoolReuseAllowInternalDependencies              hipMemPoolReuseAllowInternalDependencies
#define cudaMemPoolAttrReleaseThreshold                        hipMemPoolAttrReleaseThreshold
#define cudaMemPoolAttrReservedMemCurrent                      hipMemPoolAttrReservedMemCurrent
#define cudaMemPoolAttrReservedMemHigh                         hipMemPoolAttrReservedMemHigh
#define cudaMemPoolAttrUsedMemCurrent                          hipMemPoolAttrUsedMemCurrent
#define cudaMemPoolAttrUsedMemHigh                             hipMemPoolAttrUsedMemHigh

// Textures, surfaces and CUDA arrays (texture objects only: CUDA 12 removed texture references).
// Kernels read them with tex1Dfetch<T>, tex2D<T>, tex3D<T>, surf2Dread, surf2Dwrite, which HIP spells
// the same way.
#define cudaTextureObject_t                                    hipTextureObject_t
#define cudaSurfaceObject_t                                    hipSurfaceObject_t
#define cudaResourceDesc                                       hipResourceDesc
#define cudaResourceViewDesc                                   hipResourceViewDesc
#define cudaTextureDesc                                        hipTextureDesc
#define cudaResourceType                                       hipResourceType
#define cudaTextureAddressMode                                 hipTextureAddressMode
#define cudaTextureFilterMode                                  hipTextureFilterMode
#define cudaTextureReadMode                                    hipTextureReadMode
#define cudaChannelFormatKind                                  hipChannelFormatKind
#define cudaArray                                              hipArray
#define cudaMipmappedArray_t                                   hipMipmappedArray_t
#define cudaCreateTextureObject                                hipCreateTextureObject
#define cudaDestroyTextureObject                               hipDestroyTextureObject
#define cudaGetTextureObjectResourceDesc                       hipGetTextureObjectResourceDesc
#define cudaCreateSurfaceObject                                hipCreateSurfaceObject
#define cudaDestroySurfaceObject                               hipDestroySurfaceObject
#define cudaMallocArray                                        hipMallocArray
#define cudaMalloc3DArray                                      hipMalloc3DArray
#define cudaFreeArray                                          hipFreeArray
#define cudaMemcpy2DToArray                                    hipMemcpy2DToArray
#define cudaMemcpy2DToArrayAsync                               hipMemcpy2DToArrayAsync
#define cudaMemcpy2DFromArray                                  hipMemcpy2DFromArray
#define cudaMemcpy2DFromArrayAsync                             hipMemcpy2DFromArrayAsync
#define cudaMemcpyToArray                                      hipMemcpyToArray
#define cudaMemcpyFromArray                                    hipMemcpyFromArray
#define make_cudaExtent                                        make_hipExtent
#define make_cudaPitchedPtr                                    make_hipPitchedPtr
#define make_cudaPos                                           make_hipPos
#define cudaArrayDefault                                       hipArrayDefault
#define cudaArraySurfaceLoadStore                              hipArraySurfaceLoadStore
#define cudaResourceTypeArray                                  hipResourceTypeArray
#define cudaResourceTypeMipmappedArray                         hipResourceTypeMipmappedArray
#define cudaResourceTypeLinear                                 hipResourceTypeLinear
#define cudaResourceTypePitch2D                                hipResourceTypePitch2D
#define cudaAddressModeWrap                                    hipAddressModeWrap
#define cudaAddressModeClamp                                   hipAddressModeClamp
#define cudaAddressModeMirror                                  hipAddressModeMirror
#define cudaAddressModeBorder                                  hipAddressModeBorder
#define cudaFilterModePoint                                    hipFilterModePoint
#define cudaFilterModeLinear                                   hipFilterModeLinear
#define cudaReadModeElementType                                hipReadModeElementType
#define cudaReadModeNormalizedFloat                            hipReadModeNormalizedFloat
#define cudaChannelFormatKindSigned                            hipChannelFormatKindSigned
#define cudaChannelFormatKindUnsigned                          hipChannelFormatKindUnsigned
#define cudaChannelFormatKindFloat                             hipChannelFormatKindFloat
#define cudaChannelFormatKindNone                              hipChannelFormatKindNone

// Constants
#define cudaSuccess                                            hipSuccess
#define cudaMemcpyHostToHost                                   hipMemcpyHostToHost
#define cudaMemcpyHostToDevice                                 hipMemcpyHostToDevice
#define cudaMemcpyDeviceToHost                                 hipMemcpyDeviceToHost
#define cudaMemcpyDeviceToDevice                               hipMemcpyDeviceToDevice
#define cudaMemcpyDefault                                      hipMemcpyDefault
#define cudaStreamDefault                                      hipStreamDefault
#define cudaStreamNonBlocking                                  hipStreamNonBlocking
#define cudaStreamPerThread                                    hipStreamPerThread
#define cudaEventDefault                                       hipEventDefault
#define cudaEventBlockingSync                                  hipEventBlockingSync
#define cudaEventDisableTiming                                 hipEventDisableTiming
#define cudaEventInterprocess                                  hipEventInterprocess
#define cudaHostRegisterDefault                                hipHostRegisterDefault
#define cudaHostRegisterPortable                               hipHostRegisterPortable
#define cudaHostRegisterMapped                                 hipHostRegisterMapped
#define cudaHostRegisterIoMemory                               hipHostRegisterIoMemory
#define cudaMemAttachGlobal                                    hipMemAttachGlobal
#define cudaMemAttachHost                                      hipMemAttachHost
#define cudaMemAttachSingle                                    hipMemAttachSingle
#define cudaDeviceScheduleAuto                                 hipDeviceScheduleAuto
#define cudaDeviceScheduleSpin                                 hipDeviceScheduleSpin
#define cudaDeviceScheduleYield                                hipDeviceScheduleYield
#define cudaDeviceScheduleBlockingSync                         hipDeviceScheduleBlockingSync
#define cudaDeviceMapHost                                      hipDeviceMapHost
#define cudaCpuDeviceId                                        hipCpuDeviceId
#define cudaInvalidDeviceId                                    hipInvalidDeviceId
#define cudaStreamCaptureModeGlobal                            hipStreamCaptureModeGlobal
#define cudaStreamCaptureModeThreadLocal                       hipStreamCaptureModeThreadLocal
#define cudaStreamCaptureModeRelaxed                           hipStreamCaptureModeRelaxed
#define cudaStreamCaptureStatusNone                            hipStreamCaptureStatusNone
#define cudaStreamCaptureStatusActive                          hipStreamCaptureStatusActive
#define cudaStreamCaptureStatusInvalidated                     hipStreamCaptureStatusInvalidated
#define cudaGraphExecUpdateSuccess                             hipGraphExecUpdateSuccess
#define cudaGraphExecUpdateError                               hipGraphExecUpdateError
#define cudaGraphExecUpdateErrorTopologyChanged                hipGraphExecUpdateErrorTopologyChanged
#define cudaGraphExecUpdateErrorNodeTypeChanged                hipGraphExecUpdateErrorNodeTypeChanged
#define cudaGraphExecUpdateErrorFunctionChanged                hipGraphExecUpdateErrorFunctionChanged
#define cudaGraphExecUpdateErrorParametersChanged              hipGraphExecUpdateErrorParametersChanged
#define cudaGraphExecUpdateErrorNotSupported                   hipGraphExecUpdateErrorNotSupported
#define cudaGraphExecUpdateErrorUnsupportedFunctionChange      hipGraphExecUpdateErrorUnsupportedFunctionChange
#define cudaGraphInstantiateFlagAutoFreeOnLaunch               hipGraphInstantiateFlagAutoFreeOnLaunch
#define cudaGraphInstantiateFlagUpload                         hipGraphInstantiateFlagUpload  // not in HIP 5.2
#define cudaGraphInstantiateFlagDeviceLaunch                   hipGraphInstantiateFlagDeviceLaunch  // not in HIP 5.2
#define cudaGraphInstantiateFlagUseNodePriority                hipGraphInstantiateFlagUseNodePriority  // not in HIP 5.2
#define cudaGraphNodeTypeKernel                                hipGraphNodeTypeKernel
#define cudaGraphNodeTypeMemcpy                                hipGraphNodeTypeMemcpy
#define cudaGraphNodeTypeMemset                                hipGraphNodeTypeMemset
#define cudaGraphNodeTypeHost                                  hipGraphNodeTypeHost
#define cudaGraphNodeTypeGraph                                 hipGraphNodeTypeGraph
#define cudaGraphNodeTypeEmpty                                 hipGraphNodeTypeEmpty
#define cudaGraphNodeTypeWaitEvent                             hipGraphNodeTypeWaitEvent
#define cudaGraphNodeTypeEventRecord                           hipGraphNodeTypeEventRecord
#define cudaGraphNodeTypeMemAlloc                              hipGraphNodeTypeMemAlloc  // not in HIP 5.2
#define cudaGraphNodeTypeMemFree                               hipGraphNodeTypeMemFree  // not in HIP 5.2
#define cudaFuncAttributeMaxDynamicSharedMemorySize            hipFuncAttributeMaxDynamicSharedMemorySize
#define cudaFuncAttributePreferredSharedMemoryCarveout         hipFuncAttributePreferredSharedMemoryCarveout
#define cudaFuncCachePreferNone                                hipFuncCachePreferNone
#define cudaFuncCachePreferShared                              hipFuncCachePreferShared
#define cudaFuncCachePreferL1                                  hipFuncCachePreferL1
#define cudaFuncCachePreferEqual                               hipFuncCachePreferEqual
#define cudaLimitStackSize                                     hipLimitStackSize  // not in HIP 5.2
#define cudaLimitPrintfFifoSize                                hipLimitPrintfFifoSize
#define cudaLimitMallocHeapSize                                hipLimitMallocHeapSize
#define cudaMemoryTypeHost                                     hipMemoryTypeHost
#define cudaMemoryTypeDevice                                   hipMemoryTypeDevice
#define cudaMemoryTypeManaged                                  hipMemoryTypeManaged  // not in HIP 5.2
#define cudaMemoryTypeUnregistered                             hipMemoryTypeUnregistered  // not in HIP 5.2
#define cudaMemAdviseSetReadMostly                             hipMemAdviseSetReadMostly
#define cudaMemAdviseUnsetReadMostly                           hipMemAdviseUnsetReadMostly
#define cudaMemAdviseSetPreferredLocation                      hipMemAdviseSetPreferredLocation
#define cudaMemAdviseUnsetPreferredLocation                    hipMemAdviseUnsetPreferredLocation
#define cudaMemAdviseSetAccessedBy                             hipMemAdviseSetAccessedBy
#define cudaMemAdviseUnsetAccessedBy                           hipMemAdviseUnsetAccessedBy
#define cudaErrorInvalidValue                                  hipErrorInvalidValue
#define cudaErrorOutOfMemory                                   hipErrorOutOfMemory
#define cudaErrorMemoryAllocation                              hipErrorMemoryAllocation
#define cudaErrorInitializationError                           hipErrorInitializationError
#define cudaErrorInvalidDevice                                 hipErrorInvalidDevice
#define cudaErrorInvalidDevicePointer                          hipErrorInvalidDevicePointer
#define cudaErrorInvalidMemcpyDirection                        hipErrorInvalidMemcpyDirection
#define cudaErrorInvalidSymbol                                 hipErrorInvalidSymbol
#define cudaErrorNotReady                                      hipErrorNotReady
#define cudaErrorInvalidDeviceFunction                         hipErrorInvalidDeviceFunction
#define cudaErrorIllegalAddress                                hipErrorIllegalAddress
#define cudaErrorLaunchFailure                                 hipErrorLaunchFailure
#define cudaErrorLaunchOutOfResources                          hipErrorLaunchOutOfResources
#define cudaErrorLaunchTimeOut                                 hipErrorLaunchTimeOut
#define cudaErrorInvalidConfiguration                          hipErrorInvalidConfiguration
#define cudaErrorNoDevice                                      hipErrorNoDevice
#define cudaErrorInsufficientDriver                            hipErrorInsufficientDriver
#define cudaErrorNotSupported                                  hipErrorNotSupported
#define cudaErrorPeerAccessAlreadyEnabled                      hipErrorPeerAccessAlreadyEnabled
#define cudaErrorPeerAccessNotEnabled                          hipErrorPeerAccessNotEnabled
#define cudaErrorPeerAccessUnsupported                         hipErrorPeerAccessUnsupported
#define cudaErrorHostMemoryAlreadyRegistered                   hipErrorHostMemoryAlreadyRegistered
#define cudaErrorHostMemoryNotRegistered                       hipErrorHostMemoryNotRegistered
#define cudaErrorAssert                                        hipErrorAssert
#define cudaErrorSharedObjectInitFailed                        hipErrorSharedObjectInitFailed
#define cudaErrorOperatingSystem                               hipErrorOperatingSystem
#define cudaErrorCooperativeLaunchTooLarge                     hipErrorCooperativeLaunchTooLarge
#define cudaErrorStreamCaptureUnsupported                      hipErrorStreamCaptureUnsupported
#define cudaErrorStreamCaptureInvalidated                      hipErrorStreamCaptureInvalidated
#define cudaErrorStreamCaptureMerge                            hipErrorStreamCaptureMerge
#define cudaErrorStreamCaptureUnmatched                        hipErrorStreamCaptureUnmatched
#define cudaErrorStreamCaptureUnjoined                         hipErrorStreamCaptureUnjoined
#define cudaErrorStreamCaptureIsolation                        hipErrorStreamCaptureIsolation
#define cudaErrorStreamCaptureImplicit                         hipErrorStreamCaptureImplicit
#define cudaErrorCapturedEvent                                 hipErrorCapturedEvent
#define cudaErrorStreamCaptureWrongThread                      hipErrorStreamCaptureWrongThread
#define cudaErrorGraphExecUpdateFailure                        hipErrorGraphExecUpdateFailure
#define cudaErrorUnknown                                       hipErrorUnknown

// Names whose HIP twin is spelled differently
#define cudaDeviceProp                                         hipDeviceProp_t
#define cudaDeviceAttr                                         hipDeviceAttribute_t
#define cudaPointerAttributes                                  hipPointerAttribute_t
#define cudaMallocHost                                         hipHostMalloc
#define cudaHostAlloc                                          hipHostMalloc
#define cudaLimit                                              hipLimit_t
#define cudaErrorInvalidKernelImage                            hipErrorInvalidImage
#define cudaFreeHost                                           hipHostFree
#define cudaHostAllocDefault                                   hipHostMallocDefault
#define cudaHostAllocPortable                                  hipHostMallocPortable
#define cudaHostAllocMapped                                    hipHostMallocMapped
#define cudaHostAllocWriteCombined                             hipHostMallocWriteCombined
#define cudaErrorNoKernelImageForDevice                        hipErrorNoBinaryForGpu
#define cudaErrorInvalidResourceHandle                         hipErrorInvalidHandle
#define cudaErrorCudartUnloading                               hipErrorDeinitialized
#define cudaErrorDeviceUninitialized                           hipErrorInvalidContext
#define cudaErrorContextIsDestroyed                            hipErrorContextIsDestroyed
#define cudaDevAttrMaxSharedMemoryPerBlockOptin                hipDeviceAttributeSharedMemPerBlockOptin
#define cudaDevAttrMaxSharedMemoryPerBlock                     hipDeviceAttributeMaxSharedMemoryPerBlock
#define cudaDevAttrMaxSharedMemoryPerMultiprocessor            hipDeviceAttributeMaxSharedMemoryPerMultiprocessor
#define cudaDevAttrIntegrated                                  hipDeviceAttributeIntegrated
#define cudaDevAttrTotalConstantMemory                         hipDeviceAttributeTotalConstantMemory
#define cudaDevAttrMaxRegistersPerBlock                        hipDeviceAttributeMaxRegistersPerBlock
#define cudaDevAttrPciBusId                                    hipDeviceAttributePciBusId
#define cudaDevAttrPciDeviceId                                 hipDeviceAttributePciDeviceId
#define cudaDevAttrPciDomainId                                 hipDeviceAttributePciDomainID
#define cudaDevAttrL2CacheSize                                 hipDeviceAttributeL2CacheSize
#define cudaDevAttrGlobalMemoryBusWidth                        hipDeviceAttributeMemoryBusWidth
#define cudaDevAttrMemoryClockRate                             hipDeviceAttributeMemoryClockRate
#define cudaDevAttrClockRate                                   hipDeviceAttributeClockRate
#define cudaDevAttrMultiProcessorCount                         hipDeviceAttributeMultiprocessorCount
#define cudaDevAttrMaxThreadsPerMultiProcessor                 hipDeviceAttributeMaxThreadsPerMultiProcessor
#define cudaDevAttrMaxThreadsPerBlock                          hipDeviceAttributeMaxThreadsPerBlock
#define cudaDevAttrMaxBlockDimX                                hipDeviceAttributeMaxBlockDimX
#define cudaDevAttrMaxBlockDimY                                hipDeviceAttributeMaxBlockDimY
#define cudaDevAttrMaxBlockDimZ                                hipDeviceAttributeMaxBlockDimZ
#define cudaDevAttrMaxGridDimX                                 hipDeviceAttributeMaxGridDimX
#define cudaDevAttrMaxGridDimY                                 hipDeviceAttributeMaxGridDimY
#define cudaDevAttrMaxGridDimZ                                 hipDeviceAttributeMaxGridDimZ
#define cudaDevAttrWarpSize                                    hipDeviceAttributeWarpSize
#define cudaDevAttrComputeCapabilityMajor                      hipDeviceAttributeComputeCapabilityMajor
#define cudaDevAttrComputeCapabilityMinor                      hipDeviceAttributeComputeCapabilityMinor
#define cudaDevAttrConcurrentKernels                           hipDeviceAttributeConcurrentKernels
#define cudaDevAttrCooperativeLaunch                           hipDeviceAttributeCooperativeLaunch
#define cudaDevAttrManagedMemory                               hipDeviceAttributeManagedMemory
#define cudaDevAttrConcurrentManagedAccess                     hipDeviceAttributeConcurrentManagedAccess
#define cudaDevAttrCanMapHostMemory                            hipDeviceAttributeCanMapHostMemory
#define cudaDevAttrEccEnabled                                  hipDeviceAttributeEccEnabled
#define cudaDevAttrKernelExecTimeout                           hipDeviceAttributeKernelExecTimeout
#define cudaDevAttrPageableMemoryAccess                        hipDeviceAttributePageableMemoryAccess
#define cudaDevAttrDirectManagedMemAccessFromHost              hipDeviceAttributeDirectManagedMemAccessFromHost
#define cudaDevAttrHostNativeAtomicSupported                   hipDeviceAttributeHostNativeAtomicSupported
#define cudaDevAttrMaxPitch                                    hipDeviceAttributeMaxPitch
#define cudaDevAttrTextureAlignment                            hipDeviceAttributeTextureAlignment
#define cudaDevAttrComputeMode                                 hipDeviceAttributeComputeMode
#define cudaDevAttrAsyncEngineCount                            hipDeviceAttributeAsyncEngineCount
#define cudaComputeMode                                        hipComputeMode
#define cudaComputeModeDefault                                 hipComputeModeDefault
#define cudaComputeModeExclusive                               hipComputeModeExclusive
#define cudaComputeModeProhibited                              hipComputeModeProhibited
#define cudaComputeModeExclusiveProcess                        hipComputeModeExclusiveProcess


// Runtime values that are macros in CUDA.
#define cudaStreamLegacy ((hipStream_t)0)  // HIP's null stream is the legacy default stream
#define CUDART_CB  // the calling convention of host callbacks (cudaStreamAddCallback, cudaLaunchHostFunc): none on Linux
#define cudaDeviceScheduleMask hipDeviceScheduleMask

#include "dualgpu_cuda_runtime_twins.h"
#include "dualgpu_cuda_compat.h"
#include "device_types.h"  // cudaRoundMode, which CUDA's runtime header brings too
#include "dualgpu_cuda_directed_arith.h"  // __fadd_rd, __dmul_ru, ...: host and device
#if defined(__HIP__)  // device intrinsics: only where a HIP compiler reads the file, not g++
#include "dualgpu_cuda_warp.h"
#include "dualgpu_cuda_cache_hints.h"
#include "dualgpu_cuda_simd.h"
#include "dualgpu_cuda_device_extras.h"
#endif  // __HIP__
