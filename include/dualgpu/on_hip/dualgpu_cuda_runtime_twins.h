// dualgpu/on_hip/dualgpu_cuda_runtime_twins.h: the rest of CUDA's runtime API that HIP has under its
// own name (memory pools, graph nodes, external memory and semaphores, graphics interop, user objects,
// more device attributes and error codes, ...). HIP builds only; dualgpu_cuda_to_hip.h includes it.
// The twin is hip + the same suffix, or torch.utils.hipify's name where HIP renamed it (cudaDevAttr* ->
// hipDeviceAttribute*). tests/porting/check_runtime_names.py keeps this list whole on each ROCm: every
// CUDA runtime name whose twin that HIP declares is mapped, and every twin named here exists there.
// Names marked "not in HIP 5.2" exist in later ROCm releases; with 5.2 they fail to compile, naming
// the HIP function.
#pragma once

// Functions
#define cudaArrayGetInfo                                       hipArrayGetInfo  // not in HIP 5.2
#define cudaDestroyExternalMemory                              hipDestroyExternalMemory
#define cudaDestroyExternalSemaphore                           hipDestroyExternalSemaphore
#define cudaDeviceGetGraphMemAttribute                         hipDeviceGetGraphMemAttribute  // not in HIP 5.2
#define cudaDeviceGetTexture1DLinearMaxWidth                   hipDeviceGetTexture1DLinearMaxWidth  // not in HIP 5.2
#define cudaDeviceSetGraphMemAttribute                         hipDeviceSetGraphMemAttribute  // not in HIP 5.2
#define cudaExternalMemoryGetMappedBuffer                      hipExternalMemoryGetMappedBuffer
#define cudaExternalMemoryGetMappedMipmappedArray              hipExternalMemoryGetMappedMipmappedArray  // not in HIP 5.2
#define cudaFreeMipmappedArray                                 hipFreeMipmappedArray
#define cudaGetChannelDesc                                     hipGetChannelDesc
#define cudaGetFuncBySymbol                                    hipGetFuncBySymbol  // not in HIP 5.2
#define cudaGetMipmappedArrayLevel                             hipGetMipmappedArrayLevel
#define cudaGetTextureObjectResourceViewDesc                   hipGetTextureObjectResourceViewDesc
#define cudaGetTextureObjectTextureDesc                        hipGetTextureObjectTextureDesc
#define cudaGraphAddExternalSemaphoresSignalNode               hipGraphAddExternalSemaphoresSignalNode  // not in HIP 5.2
#define cudaGraphAddExternalSemaphoresWaitNode                 hipGraphAddExternalSemaphoresWaitNode  // not in HIP 5.2
#define cudaGraphAddMemAllocNode                               hipGraphAddMemAllocNode  // not in HIP 5.2
#define cudaGraphAddMemFreeNode                                hipGraphAddMemFreeNode  // not in HIP 5.2
#define cudaGraphAddMemcpyNodeFromSymbol                       hipGraphAddMemcpyNodeFromSymbol
#define cudaGraphAddMemcpyNodeToSymbol                         hipGraphAddMemcpyNodeToSymbol
#define cudaGraphAddNode                                       hipGraphAddNode  // not in HIP 5.2
#define cudaGraphChildGraphNodeGetGraph                        hipGraphChildGraphNodeGetGraph
#define cudaGraphEventRecordNodeGetEvent                       hipGraphEventRecordNodeGetEvent
#define cudaGraphEventRecordNodeSetEvent                       hipGraphEventRecordNodeSetEvent
#define cudaGraphEventWaitNodeGetEvent                         hipGraphEventWaitNodeGetEvent
#define cudaGraphEventWaitNodeSetEvent                         hipGraphEventWaitNodeSetEvent
#define cudaGraphExecEventRecordNodeSetEvent                   hipGraphExecEventRecordNodeSetEvent
#define cudaGraphExecEventWaitNodeSetEvent                     hipGraphExecEventWaitNodeSetEvent
#define cudaGraphExecExternalSemaphoresSignalNodeSetParams     hipGraphExecExternalSemaphoresSignalNodeSetParams  // not in HIP 5.2
#define cudaGraphExecExternalSemaphoresWaitNodeSetParams       hipGraphExecExternalSemaphoresWaitNodeSetParams  // not in HIP 5.2
#define cudaGraphExecGetFlags                                  hipGraphExecGetFlags  // not in HIP 5.2
#define cudaGraphExecMemcpyNodeSetParams1D                     hipGraphExecMemcpyNodeSetParams1D
#define cudaGraphExecMemcpyNodeSetParamsFromSymbol             hipGraphExecMemcpyNodeSetParamsFromSymbol
#define cudaGraphExecMemcpyNodeSetParamsToSymbol               hipGraphExecMemcpyNodeSetParamsToSymbol
#define cudaGraphExecNodeSetParams                             hipGraphExecNodeSetParams  // not in HIP 5.2
#define cudaGraphExternalSemaphoresSignalNodeGetParams         hipGraphExternalSemaphoresSignalNodeGetParams  // not in HIP 5.2
#define cudaGraphExternalSemaphoresSignalNodeSetParams         hipGraphExternalSemaphoresSignalNodeSetParams  // not in HIP 5.2
#define cudaGraphExternalSemaphoresWaitNodeGetParams           hipGraphExternalSemaphoresWaitNodeGetParams  // not in HIP 5.2
#define cudaGraphExternalSemaphoresWaitNodeSetParams           hipGraphExternalSemaphoresWaitNodeSetParams  // not in HIP 5.2
#define cudaGraphHostNodeGetParams                             hipGraphHostNodeGetParams
#define cudaGraphHostNodeSetParams                             hipGraphHostNodeSetParams
#define cudaGraphInstantiateWithParams                         hipGraphInstantiateWithParams  // not in HIP 5.2
#define cudaGraphKernelNodeCopyAttributes                      hipGraphKernelNodeCopyAttributes  // not in HIP 5.2
#define cudaGraphKernelNodeGetAttribute                        hipGraphKernelNodeGetAttribute
#define cudaGraphKernelNodeSetAttribute                        hipGraphKernelNodeSetAttribute
#define cudaGraphMemAllocNodeGetParams                         hipGraphMemAllocNodeGetParams  // not in HIP 5.2
#define cudaGraphMemFreeNodeGetParams                          hipGraphMemFreeNodeGetParams  // not in HIP 5.2
#define cudaGraphMemcpyNodeGetParams                           hipGraphMemcpyNodeGetParams
#define cudaGraphMemcpyNodeSetParams                           hipGraphMemcpyNodeSetParams
#define cudaGraphMemcpyNodeSetParams1D                         hipGraphMemcpyNodeSetParams1D
#define cudaGraphMemcpyNodeSetParamsFromSymbol                 hipGraphMemcpyNodeSetParamsFromSymbol
#define cudaGraphMemcpyNodeSetParamsToSymbol                   hipGraphMemcpyNodeSetParamsToSymbol
#define cudaGraphMemsetNodeGetParams                           hipGraphMemsetNodeGetParams
#define cudaGraphMemsetNodeSetParams                           hipGraphMemsetNodeSetParams
#define cudaGraphNodeFindInClone                               hipGraphNodeFindInClone
#define cudaGraphNodeGetDependentNodes                         hipGraphNodeGetDependentNodes
#define cudaGraphNodeGetEnabled                                hipGraphNodeGetEnabled  // not in HIP 5.2
#define cudaGraphNodeSetEnabled                                hipGraphNodeSetEnabled  // not in HIP 5.2
#define cudaGraphNodeSetParams                                 hipGraphNodeSetParams  // not in HIP 5.2
#define cudaGraphReleaseUserObject                             hipGraphReleaseUserObject  // not in HIP 5.2
#define cudaGraphRemoveDependencies                            hipGraphRemoveDependencies
#define cudaGraphRetainUserObject                              hipGraphRetainUserObject  // not in HIP 5.2
#define cudaGraphicsMapResources                               hipGraphicsMapResources
#define cudaGraphicsResourceGetMappedPointer                   hipGraphicsResourceGetMappedPointer
#define cudaGraphicsSubResourceGetMappedArray                  hipGraphicsSubResourceGetMappedArray
#define cudaGraphicsUnmapResources                             hipGraphicsUnmapResources
#define cudaGraphicsUnregisterResource                         hipGraphicsUnregisterResource
#define cudaImportExternalMemory                               hipImportExternalMemory
#define cudaImportExternalSemaphore                            hipImportExternalSemaphore
#define cudaMallocMipmappedArray                               hipMallocMipmappedArray
#define cudaMemPoolCreate                                      hipMemPoolCreate
#define cudaMemPoolDestroy                                     hipMemPoolDestroy
#define cudaMemPoolExportPointer                               hipMemPoolExportPointer
#define cudaMemPoolExportToShareableHandle                     hipMemPoolExportToShareableHandle
#define cudaMemPoolGetAccess                                   hipMemPoolGetAccess
#define cudaMemPoolImportFromShareableHandle                   hipMemPoolImportFromShareableHandle
#define cudaMemPoolImportPointer                               hipMemPoolImportPointer
#define cudaMemPoolSetAccess                                   hipMemPoolSetAccess
#define cudaMemRangeGetAttributes                              hipMemRangeGetAttributes
#define cudaMemcpy2DArrayToArray                               hipMemcpy2DArrayToArray  // not in HIP 5.2
#define cudaMemset3D                                           hipMemset3D
#define cudaMemset3DAsync                                      hipMemset3DAsync
#define cudaSetValidDevices                                    hipSetValidDevices  // not in HIP 5.2
#define cudaSignalExternalSemaphoresAsync                      hipSignalExternalSemaphoresAsync
#define cudaStreamBeginCaptureToGraph                          hipStreamBeginCaptureToGraph  // not in HIP 5.2
#define cudaStreamGetDevice                                    hipStreamGetDevice  // not in HIP 5.2
#define cudaUserObjectCreate                                   hipUserObjectCreate  // not in HIP 5.2
#define cudaUserObjectRelease                                  hipUserObjectRelease  // not in HIP 5.2
#define cudaUserObjectRetain                                   hipUserObjectRetain  // not in HIP 5.2
#define cudaWaitExternalSemaphoresAsync                        hipWaitExternalSemaphoresAsync

// Types
#define cudaAccessPolicyWindow                                 hipAccessPolicyWindow
#define cudaAccessProperty                                     hipAccessProperty
#define cudaArray_const_t                                      hipArray_const_t
#define cudaChildGraphNodeParams                               hipChildGraphNodeParams  // not in HIP 5.2
#define cudaDeviceP2PAttr                                      hipDeviceP2PAttr
#define cudaError                                              hipError
#define cudaEventRecordNodeParams                              hipEventRecordNodeParams  // not in HIP 5.2
#define cudaEventWaitNodeParams                                hipEventWaitNodeParams  // not in HIP 5.2
#define cudaExternalMemoryBufferDesc                           hipExternalMemoryBufferDesc
#define cudaExternalMemoryHandleDesc                           hipExternalMemoryHandleDesc
#define cudaExternalMemoryHandleType                           hipExternalMemoryHandleType
#define cudaExternalMemoryMipmappedArrayDesc                   hipExternalMemoryMipmappedArrayDesc  // not in HIP 5.2
#define cudaExternalMemory_t                                   hipExternalMemory_t
#define cudaExternalSemaphoreHandleDesc                        hipExternalSemaphoreHandleDesc
#define cudaExternalSemaphoreHandleType                        hipExternalSemaphoreHandleType
#define cudaExternalSemaphoreSignalNodeParams                  hipExternalSemaphoreSignalNodeParams  // not in HIP 5.2
#define cudaExternalSemaphoreSignalParams                      hipExternalSemaphoreSignalParams
#define cudaExternalSemaphoreWaitNodeParams                    hipExternalSemaphoreWaitNodeParams  // not in HIP 5.2
#define cudaExternalSemaphoreWaitParams                        hipExternalSemaphoreWaitParams
#define cudaExternalSemaphore_t                                hipExternalSemaphore_t
#define cudaFlushGPUDirectRDMAWritesOptions                    hipFlushGPUDirectRDMAWritesOptions  // not in HIP 5.2
#define cudaFunction_t                                         hipFunction_t
#define cudaGPUDirectRDMAWritesOrdering                        hipGPUDirectRDMAWritesOrdering  // not in HIP 5.2
#define cudaGraphDebugDotFlags                                 hipGraphDebugDotFlags  // not in HIP 5.2
#define cudaGraphDependencyType                                hipGraphDependencyType  // not in HIP 5.2
#define cudaGraphDependencyType_enum                           hipGraphDependencyType  // not in HIP 5.2
#define cudaGraphEdgeData_st                                   hipGraphEdgeData  // not in HIP 5.2
#define cudaGraphInstantiateFlags                              hipGraphInstantiateFlags
#define cudaGraphInstantiateParams_st                          hipGraphInstantiateParams  // not in HIP 5.2
#define cudaGraphInstantiateResult                             hipGraphInstantiateResult  // not in HIP 5.2
#define cudaGraphMemAttributeType                              hipGraphMemAttributeType  // not in HIP 5.2
#define cudaGraphNodeParams                                    hipGraphNodeParams  // not in HIP 5.2
#define cudaGraphicsRegisterFlags                              hipGraphicsRegisterFlags
#define cudaGraphicsResource                                   hipGraphicsResource
#define cudaGraphicsResource_t                                 hipGraphicsResource_t
#define cudaHostNodeParams                                     hipHostNodeParams
#define cudaIpcEventHandle_st                                  hipIpcEventHandle_st
#define cudaIpcMemHandle_st                                    hipIpcMemHandle_st
#define cudaJitOption                                          hipJitOption
#define cudaLaunchAttributeID                                  hipLaunchAttributeID  // not in HIP 5.2
#define cudaMemAccessDesc                                      hipMemAccessDesc
#define cudaMemAccessFlags                                     hipMemAccessFlags
#define cudaMemAllocNodeParams                                 hipMemAllocNodeParams  // not in HIP 5.2
#define cudaMemAllocationHandleType                            hipMemAllocationHandleType
#define cudaMemAllocationType                                  hipMemAllocationType
#define cudaMemFreeNodeParams                                  hipMemFreeNodeParams  // not in HIP 5.2
#define cudaMemLocation                                        hipMemLocation
#define cudaMemLocationType                                    hipMemLocationType
#define cudaMemPoolProps                                       hipMemPoolProps
#define cudaMemPoolPtrExportData                               hipMemPoolPtrExportData
#define cudaMemcpyNodeParams                                   hipMemcpyNodeParams  // not in HIP 5.2
#define cudaMipmappedArray                                     hipMipmappedArray
#define cudaMipmappedArray_const_t                             hipMipmappedArray_const_t
#define cudaResourceViewFormat                                 hipResourceViewFormat
#define cudaStreamUpdateCaptureDependenciesFlags               hipStreamUpdateCaptureDependenciesFlags
#define cudaSurfaceBoundaryMode                                hipSurfaceBoundaryMode
#define cudaUserObjectFlags                                    hipUserObjectFlags  // not in HIP 5.2
#define cudaUserObjectRetainFlags                              hipUserObjectRetainFlags  // not in HIP 5.2
#define cudaUserObject_t                                       hipUserObject_t  // not in HIP 5.2

// Enumerators and constants
#define cudaAccessPropertyNormal                               hipAccessPropertyNormal
#define cudaAccessPropertyPersisting                           hipAccessPropertyPersisting
#define cudaAccessPropertyStreaming                            hipAccessPropertyStreaming
#define cudaBoundaryModeClamp                                  hipBoundaryModeClamp
#define cudaBoundaryModeTrap                                   hipBoundaryModeTrap
#define cudaBoundaryModeZero                                   hipBoundaryModeZero
#define cudaDevAttrCanUseHostPointerForRegisteredMem           hipDeviceAttributeCanUseHostPointerForRegisteredMem
#define cudaDevAttrComputePreemptionSupported                  hipDeviceAttributeComputePreemptionSupported
#define cudaDevAttrGlobalL1CacheSupported                      hipDeviceAttributeGlobalL1CacheSupported
#define cudaDevAttrHostRegisterSupported                       hipDeviceAttributeHostRegisterSupported  // not in HIP 5.2
#define cudaDevAttrIsMultiGpuBoard                             hipDeviceAttributeIsMultiGpuBoard
#define cudaDevAttrLocalL1CacheSupported                       hipDeviceAttributeLocalL1CacheSupported
#define cudaDevAttrMaxRegistersPerMultiprocessor               hipDeviceAttributeMaxRegistersPerMultiprocessor
#define cudaDevAttrMaxTexture1DWidth                           hipDeviceAttributeMaxTexture1DWidth
#define cudaDevAttrMaxTexture2DHeight                          hipDeviceAttributeMaxTexture2DHeight
#define cudaDevAttrMaxTexture2DWidth                           hipDeviceAttributeMaxTexture2DWidth
#define cudaDevAttrMaxTexture3DDepth                           hipDeviceAttributeMaxTexture3DDepth
#define cudaDevAttrMaxTexture3DHeight                          hipDeviceAttributeMaxTexture3DHeight
#define cudaDevAttrMaxTexture3DWidth                           hipDeviceAttributeMaxTexture3DWidth
#define cudaDevAttrMemoryPoolsSupported                        hipDeviceAttributeMemoryPoolsSupported
#define cudaDevAttrMultiGpuBoardGroupID                        hipDeviceAttributeMultiGpuBoardGroupID
#define cudaDevAttrPageableMemoryAccessUsesHostPageTables      hipDeviceAttributePageableMemoryAccessUsesHostPageTables
#define cudaDevAttrSingleToDoublePrecisionPerfRatio            hipDeviceAttributeSingleToDoublePrecisionPerfRatio
#define cudaDevAttrStreamPrioritiesSupported                   hipDeviceAttributeStreamPrioritiesSupported
#define cudaDevAttrSurfaceAlignment                            hipDeviceAttributeSurfaceAlignment
#define cudaDevAttrTccDriver                                   hipDeviceAttributeTccDriver
#define cudaDevAttrTexturePitchAlignment                       hipDeviceAttributeTexturePitchAlignment
#define cudaDevAttrUnifiedAddressing                           hipDeviceAttributeUnifiedAddressing
#define cudaDevP2PAttrAccessSupported                          hipDevP2PAttrAccessSupported
#define cudaDevP2PAttrNativeAtomicSupported                    hipDevP2PAttrNativeAtomicSupported
#define cudaDevP2PAttrPerformanceRank                          hipDevP2PAttrPerformanceRank
#define cudaErrorAlreadyAcquired                               hipErrorAlreadyAcquired
#define cudaErrorAlreadyMapped                                 hipErrorAlreadyMapped
#define cudaErrorArrayIsMapped                                 hipErrorArrayIsMapped
#define cudaErrorECCUncorrectable                              hipErrorECCNotCorrectable
#define cudaErrorFileNotFound                                  hipErrorFileNotFound
#define cudaErrorIllegalState                                  hipErrorIllegalState
#define cudaErrorInvalidChannelDescriptor                      hipErrorInvalidChannelDescriptor  // not in HIP 5.2
#define cudaErrorInvalidGraphicsContext                        hipErrorInvalidGraphicsContext
#define cudaErrorInvalidPitchValue                             hipErrorInvalidPitchValue
#define cudaErrorInvalidPtx                                    hipErrorInvalidKernelFile
#define cudaErrorInvalidSource                                 hipErrorInvalidSource
#define cudaErrorInvalidTexture                                hipErrorInvalidTexture  // not in HIP 5.2
#define cudaErrorLaunchTimeout                                 hipErrorLaunchTimeOut
#define cudaErrorMapBufferObjectFailed                         hipErrorMapBufferObjectFailed
#define cudaErrorMissingConfiguration                          hipErrorMissingConfiguration
#define cudaErrorNotMapped                                     hipErrorNotMapped
#define cudaErrorNotMappedAsArray                              hipErrorNotMappedAsArray
#define cudaErrorNotMappedAsPointer                            hipErrorNotMappedAsPointer
#define cudaErrorPriorLaunchFailure                            hipErrorPriorLaunchFailure
#define cudaErrorProfilerAlreadyStarted                        hipErrorProfilerAlreadyStarted
#define cudaErrorProfilerAlreadyStopped                        hipErrorProfilerAlreadyStopped
#define cudaErrorProfilerDisabled                              hipErrorProfilerDisabled
#define cudaErrorProfilerNotInitialized                        hipErrorProfilerNotInitialized
#define cudaErrorSetOnActiveProcess                            hipErrorSetOnActiveProcess
#define cudaErrorSharedObjectSymbolNotFound                    hipErrorSharedObjectSymbolNotFound
#define cudaErrorUnmapBufferObjectFailed                       hipErrorUnmapFailed
#define cudaErrorUnsupportedLimit                              hipErrorUnsupportedLimit
#define cudaExternalMemoryHandleTypeD3D11Resource              hipExternalMemoryHandleTypeD3D11Resource
#define cudaExternalMemoryHandleTypeD3D11ResourceKmt           hipExternalMemoryHandleTypeD3D11ResourceKmt
#define cudaExternalMemoryHandleTypeD3D12Heap                  hipExternalMemoryHandleTypeD3D12Heap
#define cudaExternalMemoryHandleTypeD3D12Resource              hipExternalMemoryHandleTypeD3D12Resource
#define cudaExternalMemoryHandleTypeNvSciBuf                   hipExternalMemoryHandleTypeNvSciBuf  // not in HIP 5.2
#define cudaExternalMemoryHandleTypeOpaqueFd                   hipExternalMemoryHandleTypeOpaqueFd
#define cudaExternalMemoryHandleTypeOpaqueWin32                hipExternalMemoryHandleTypeOpaqueWin32
#define cudaExternalMemoryHandleTypeOpaqueWin32Kmt             hipExternalMemoryHandleTypeOpaqueWin32Kmt
#define cudaExternalSemaphoreHandleTypeD3D11Fence              hipExternalSemaphoreHandleTypeD3D11Fence  // not in HIP 5.2
#define cudaExternalSemaphoreHandleTypeD3D12Fence              hipExternalSemaphoreHandleTypeD3D12Fence
#define cudaExternalSemaphoreHandleTypeKeyedMutex              hipExternalSemaphoreHandleTypeKeyedMutex  // not in HIP 5.2
#define cudaExternalSemaphoreHandleTypeKeyedMutexKmt           hipExternalSemaphoreHandleTypeKeyedMutexKmt  // not in HIP 5.2
#define cudaExternalSemaphoreHandleTypeNvSciSync               hipExternalSemaphoreHandleTypeNvSciSync  // not in HIP 5.2
#define cudaExternalSemaphoreHandleTypeOpaqueFd                hipExternalSemaphoreHandleTypeOpaqueFd
#define cudaExternalSemaphoreHandleTypeOpaqueWin32             hipExternalSemaphoreHandleTypeOpaqueWin32
#define cudaExternalSemaphoreHandleTypeOpaqueWin32Kmt          hipExternalSemaphoreHandleTypeOpaqueWin32Kmt
#define cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd     hipExternalSemaphoreHandleTypeTimelineSemaphoreFd  // not in HIP 5.2
#define cudaExternalSemaphoreHandleTypeTimelineSemaphoreWin32  hipExternalSemaphoreHandleTypeTimelineSemaphoreWin32  // not in HIP 5.2
#define cudaFlushGPUDirectRDMAWritesOptionHost                 hipFlushGPUDirectRDMAWritesOptionHost  // not in HIP 5.2
#define cudaFlushGPUDirectRDMAWritesOptionMemOps               hipFlushGPUDirectRDMAWritesOptionMemOps  // not in HIP 5.2
#define cudaGPUDirectRDMAWritesOrderingAllDevices              hipGPUDirectRDMAWritesOrderingAllDevices  // not in HIP 5.2
#define cudaGPUDirectRDMAWritesOrderingNone                    hipGPUDirectRDMAWritesOrderingNone  // not in HIP 5.2
#define cudaGPUDirectRDMAWritesOrderingOwner                   hipGPUDirectRDMAWritesOrderingOwner  // not in HIP 5.2
#define cudaGraphDebugDotFlagsEventNodeParams                  hipGraphDebugDotFlagsEventNodeParams  // not in HIP 5.2
#define cudaGraphDebugDotFlagsExtSemasSignalNodeParams         hipGraphDebugDotFlagsExtSemasSignalNodeParams  // not in HIP 5.2
#define cudaGraphDebugDotFlagsExtSemasWaitNodeParams           hipGraphDebugDotFlagsExtSemasWaitNodeParams  // not in HIP 5.2
#define cudaGraphDebugDotFlagsHandles                          hipGraphDebugDotFlagsHandles  // not in HIP 5.2
#define cudaGraphDebugDotFlagsHostNodeParams                   hipGraphDebugDotFlagsHostNodeParams  // not in HIP 5.2
#define cudaGraphDebugDotFlagsKernelNodeAttributes             hipGraphDebugDotFlagsKernelNodeAttributes  // not in HIP 5.2
#define cudaGraphDebugDotFlagsKernelNodeParams                 hipGraphDebugDotFlagsKernelNodeParams  // not in HIP 5.2
#define cudaGraphDebugDotFlagsMemcpyNodeParams                 hipGraphDebugDotFlagsMemcpyNodeParams  // not in HIP 5.2
#define cudaGraphDebugDotFlagsMemsetNodeParams                 hipGraphDebugDotFlagsMemsetNodeParams  // not in HIP 5.2
#define cudaGraphDebugDotFlagsVerbose                          hipGraphDebugDotFlagsVerbose  // not in HIP 5.2
#define cudaGraphDependencyTypeDefault                         hipGraphDependencyTypeDefault  // not in HIP 5.2
#define cudaGraphDependencyTypeProgrammatic                    hipGraphDependencyTypeProgrammatic  // not in HIP 5.2
#define cudaGraphInstantiateError                              hipGraphInstantiateError  // not in HIP 5.2
#define cudaGraphInstantiateInvalidStructure                   hipGraphInstantiateInvalidStructure  // not in HIP 5.2
#define cudaGraphInstantiateMultipleDevicesNotSupported        hipGraphInstantiateMultipleDevicesNotSupported  // not in HIP 5.2
#define cudaGraphInstantiateNodeOperationNotSupported          hipGraphInstantiateNodeOperationNotSupported  // not in HIP 5.2
#define cudaGraphInstantiateSuccess                            hipGraphInstantiateSuccess  // not in HIP 5.2
#define cudaGraphMemAttrUsedMemCurrent                         hipGraphMemAttrUsedMemCurrent  // not in HIP 5.2
#define cudaGraphMemAttrUsedMemHigh                            hipGraphMemAttrUsedMemHigh  // not in HIP 5.2
#define cudaGraphNodeTypeExtSemaphoreSignal                    hipGraphNodeTypeExtSemaphoreSignal  // not in HIP 5.2
#define cudaGraphNodeTypeExtSemaphoreWait                      hipGraphNodeTypeExtSemaphoreWait  // not in HIP 5.2
#define cudaGraphUserObjectMove                                hipGraphUserObjectMove  // not in HIP 5.2
#define cudaGraphicsRegisterFlagsNone                          hipGraphicsRegisterFlagsNone
#define cudaGraphicsRegisterFlagsReadOnly                      hipGraphicsRegisterFlagsReadOnly
#define cudaGraphicsRegisterFlagsSurfaceLoadStore              hipGraphicsRegisterFlagsSurfaceLoadStore
#define cudaGraphicsRegisterFlagsTextureGather                 hipGraphicsRegisterFlagsTextureGather
#define cudaGraphicsRegisterFlagsWriteDiscard                  hipGraphicsRegisterFlagsWriteDiscard
#define cudaJitCacheMode                                       hipJitCacheMode  // not in HIP 5.2
#define cudaJitCacheOptionNone                                 hipJitCacheOptionNone  // not in HIP 5.2
#define cudaMemAccessFlagsProtNone                             hipMemAccessFlagsProtNone
#define cudaMemAccessFlagsProtRead                             hipMemAccessFlagsProtRead
#define cudaMemAccessFlagsProtReadWrite                        hipMemAccessFlagsProtReadWrite
#define cudaMemAllocationTypeInvalid                           hipMemAllocationTypeInvalid
#define cudaMemAllocationTypeMax                               hipMemAllocationTypeMax
#define cudaMemAllocationTypePinned                            hipMemAllocationTypePinned
#define cudaMemHandleTypeNone                                  hipMemHandleTypeNone
#define cudaMemHandleTypePosixFileDescriptor                   hipMemHandleTypePosixFileDescriptor
#define cudaMemHandleTypeWin32                                 hipMemHandleTypeWin32
#define cudaMemHandleTypeWin32Kmt                              hipMemHandleTypeWin32Kmt
#define cudaMemLocationTypeDevice                              hipMemLocationTypeDevice
#define cudaMemLocationTypeInvalid                             hipMemLocationTypeInvalid
#define cudaMemRangeAttributeAccessedBy                        hipMemRangeAttributeAccessedBy
#define cudaMemRangeAttributeLastPrefetchLocation              hipMemRangeAttributeLastPrefetchLocation
#define cudaMemRangeAttributePreferredLocation                 hipMemRangeAttributePreferredLocation
#define cudaMemRangeAttributeReadMostly                        hipMemRangeAttributeReadMostly
#define cudaResViewFormatFloat1                                hipResViewFormatFloat1
#define cudaResViewFormatFloat2                                hipResViewFormatFloat2
#define cudaResViewFormatFloat4                                hipResViewFormatFloat4
#define cudaResViewFormatHalf1                                 hipResViewFormatHalf1
#define cudaResViewFormatHalf2                                 hipResViewFormatHalf2
#define cudaResViewFormatHalf4                                 hipResViewFormatHalf4
#define cudaResViewFormatNone                                  hipResViewFormatNone
#define cudaResViewFormatSignedBlockCompressed4                hipResViewFormatSignedBlockCompressed4
#define cudaResViewFormatSignedBlockCompressed5                hipResViewFormatSignedBlockCompressed5
#define cudaResViewFormatSignedBlockCompressed6H               hipResViewFormatSignedBlockCompressed6H
#define cudaResViewFormatSignedChar1                           hipResViewFormatSignedChar1
#define cudaResViewFormatSignedChar2                           hipResViewFormatSignedChar2
#define cudaResViewFormatSignedChar4                           hipResViewFormatSignedChar4
#define cudaResViewFormatSignedInt1                            hipResViewFormatSignedInt1
#define cudaResViewFormatSignedInt2                            hipResViewFormatSignedInt2
#define cudaResViewFormatSignedInt4                            hipResViewFormatSignedInt4
#define cudaResViewFormatSignedShort1                          hipResViewFormatSignedShort1
#define cudaResViewFormatSignedShort2                          hipResViewFormatSignedShort2
#define cudaResViewFormatSignedShort4                          hipResViewFormatSignedShort4
#define cudaResViewFormatUnsignedBlockCompressed1              hipResViewFormatUnsignedBlockCompressed1
#define cudaResViewFormatUnsignedBlockCompressed2              hipResViewFormatUnsignedBlockCompressed2
#define cudaResViewFormatUnsignedBlockCompressed3              hipResViewFormatUnsignedBlockCompressed3
#define cudaResViewFormatUnsignedBlockCompressed4              hipResViewFormatUnsignedBlockCompressed4
#define cudaResViewFormatUnsignedBlockCompressed5              hipResViewFormatUnsignedBlockCompressed5
#define cudaResViewFormatUnsignedBlockCompressed6H             hipResViewFormatUnsignedBlockCompressed6H
#define cudaResViewFormatUnsignedBlockCompressed7              hipResViewFormatUnsignedBlockCompressed7
#define cudaResViewFormatUnsignedChar1                         hipResViewFormatUnsignedChar1
#define cudaResViewFormatUnsignedChar2                         hipResViewFormatUnsignedChar2
#define cudaResViewFormatUnsignedChar4                         hipResViewFormatUnsignedChar4
#define cudaResViewFormatUnsignedInt1                          hipResViewFormatUnsignedInt1
#define cudaResViewFormatUnsignedInt2                          hipResViewFormatUnsignedInt2
#define cudaResViewFormatUnsignedInt4                          hipResViewFormatUnsignedInt4
#define cudaResViewFormatUnsignedShort1                        hipResViewFormatUnsignedShort1
#define cudaResViewFormatUnsignedShort2                        hipResViewFormatUnsignedShort2
#define cudaResViewFormatUnsignedShort4                        hipResViewFormatUnsignedShort4
#define cudaSharedMemBankSizeDefault                           hipSharedMemBankSizeDefault
#define cudaSharedMemBankSizeEightByte                         hipSharedMemBankSizeEightByte
#define cudaSharedMemBankSizeFourByte                          hipSharedMemBankSizeFourByte
#define cudaStreamAddCaptureDependencies                       hipStreamAddCaptureDependencies
#define cudaStreamSetCaptureDependencies                       hipStreamSetCaptureDependencies
#define cudaUserObjectNoDestructorSync                         hipUserObjectNoDestructorSync  // not in HIP 5.2
