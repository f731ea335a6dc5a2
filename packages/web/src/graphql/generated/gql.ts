/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment ActivityLogFields on ActivityLog {\n    id\n    activityType\n    status\n    message\n    logFileUrl\n    payload\n    metrics\n    user {\n      id\n      name\n    }\n    created\n    submitted\n    started\n    completed\n    isAcknowledged\n  }\n": typeof types.ActivityLogFieldsFragmentDoc,
    "\n  query ActivityLogs(\n    $pageIndex: Int\n    $pageSize: Int\n    $activityTypeFilter: String\n    $statusFilter: String\n    $userIdFilter: ID\n    $isAcknowledgedFilter: Boolean\n  ) {\n    activityLogs(\n      pageIndex: $pageIndex\n      pageSize: $pageSize\n      sort: \"created:desc\"\n      activityTypeFilter: $activityTypeFilter\n      statusFilter: $statusFilter\n      userIdFilter: $userIdFilter\n      isAcknowledgedFilter: $isAcknowledgedFilter\n    ) {\n      total\n      take\n      skip\n      items {\n        ...ActivityLogFields\n      }\n    }\n  }\n": typeof types.ActivityLogsDocument,
    "\n  query ActivityLogFilterOptions {\n    activityLogTypes\n    orgUsers {\n      id\n      name\n    }\n  }\n": typeof types.ActivityLogFilterOptionsDocument,
    "\n  mutation AcknowledgeActivityLog($id: ID!, $isAcknowledged: Boolean!) {\n    acknowledgeActivityLog(id: $id, isAcknowledged: $isAcknowledged) {\n      __typename\n      id\n      isAcknowledged\n    }\n  }\n": typeof types.AcknowledgeActivityLogDocument,
    "\n  mutation AcknowledgeMultipleActivityLogs(\n    $activityTypeFilter: String\n    $statusFilter: String\n    $userIdFilter: ID\n    $isAcknowledged: Boolean!\n  ) {\n    acknowledgeMultipleActivityLogs(\n      activityTypeFilter: $activityTypeFilter\n      statusFilter: $statusFilter\n      userIdFilter: $userIdFilter\n      isAcknowledged: $isAcknowledged\n    )\n  }\n": typeof types.AcknowledgeMultipleActivityLogsDocument,
    "\n  query ActivityLogFileUrl($id: ID!) {\n    activityLogFileUrl(id: $id)\n  }\n": typeof types.ActivityLogFileUrlDocument,
    "\n  fragment BasestationFields on Basestation {\n    id\n    projectId\n    filename\n    s3Url\n    status\n    statusMessage\n    markerName\n    point {\n      coordinates\n    }\n    height\n    antennaHeight\n    interval\n    rinexVersion\n    startTimestamp\n    endTimestamp\n    created\n    files {\n      name\n      kind\n      rinexVersion\n      size\n    }\n    trajectoryProcessingRuns {\n      ...TrajectoryRunFields\n    }\n  }\n": typeof types.BasestationFieldsFragmentDoc,
    "\n  query BasestationsForProject($projectId: ID!) {\n    basestationsForProject(projectId: $projectId) {\n      ...BasestationFields\n    }\n  }\n": typeof types.BasestationsForProjectDocument,
    "\n  query BasestationUploadSignedUrl($filename: String!, $size: Float!, $projectId: ID!) {\n    getBasestationUploadSignedURL(filename: $filename, size: $size, projectId: $projectId) {\n      s3Uri\n      uploadUrl\n    }\n  }\n": typeof types.BasestationUploadSignedUrlDocument,
    "\n  mutation RegisterUploadedBasestationFile($projectId: ID!, $filename: String!) {\n    registerUploadedBasestationFile(projectId: $projectId, filename: $filename) {\n      ...BasestationFields\n    }\n  }\n": typeof types.RegisterUploadedBasestationFileDocument,
    "\n  mutation DeleteBasestation($id: ID!) {\n    deleteBasestation(id: $id)\n  }\n": typeof types.DeleteBasestationDocument,
    "\n  query AssignmentOrganizations {\n    organizations {\n      id\n      name\n      devices {\n        id\n        name\n      }\n      projects {\n        id\n        name\n      }\n    }\n  }\n": typeof types.AssignmentOrganizationsDocument,
    "\n  query DeviceAssignments($organizationId: ID) {\n    deviceAssignments(organizationId: $organizationId) {\n      id\n      deviceId\n      projectId\n      from\n      to\n      placedSessions\n      project {\n        id\n        name\n      }\n    }\n  }\n": typeof types.DeviceAssignmentsDocument,
    "\n  mutation CreateDeviceAssignment($deviceId: ID!, $projectId: ID!, $from: DateTime!, $to: DateTime) {\n    createDeviceAssignment(deviceId: $deviceId, projectId: $projectId, from: $from, to: $to) {\n      id\n    }\n  }\n": typeof types.CreateDeviceAssignmentDocument,
    "\n  mutation UpdateDeviceAssignment(\n    $id: ID!\n    $deviceId: ID!\n    $projectId: ID!\n    $from: DateTime!\n    $to: DateTime\n  ) {\n    updateDeviceAssignment(\n      id: $id\n      deviceId: $deviceId\n      projectId: $projectId\n      from: $from\n      to: $to\n    ) {\n      id\n    }\n  }\n": typeof types.UpdateDeviceAssignmentDocument,
    "\n  mutation DeleteDeviceAssignment($id: ID!) {\n    deleteDeviceAssignment(id: $id)\n  }\n": typeof types.DeleteDeviceAssignmentDocument,
    "\n  query UnassignedScans($organizationId: ID) {\n    unassignedScans(organizationId: $organizationId) {\n      id\n      sessionId\n      deviceId\n      friendlyName\n      capturedTimestamp\n      endCapturedTimestamp\n    }\n  }\n": typeof types.UnassignedScansDocument,
    "\n  mutation AssignSessionToProject($sessionId: String!, $projectId: ID!) {\n    assignSessionToProject(sessionId: $sessionId, projectId: $projectId) {\n      sessionId\n      projectId\n      scanCount\n    }\n  }\n": typeof types.AssignSessionToProjectDocument,
    "\n  fragment ImportedScanFields on ImportedScan {\n    id\n    friendlyName\n    comment\n    tags\n    projectId\n    metadata\n    artifacts {\n      id\n      artifactType\n      name\n      status\n    }\n    capturedTimestamp\n    trajectory\n    sourceS3Url\n    status\n    processingStatus\n    processingMessage\n  }\n": typeof types.ImportedScanFieldsFragmentDoc,
    "\n  query ImportedScansForProject($projectId: ID!) {\n    importedScansForProject(projectId: $projectId) {\n      ...ImportedScanFields\n    }\n  }\n": typeof types.ImportedScansForProjectDocument,
    "\n  mutation CreateImportedScan(\n    $friendlyName: String!\n    $comment: String\n    $projectId: ID!\n    $metadata: JSON!\n    $capturedTimestamp: DateTime\n  ) {\n    createImportedScan(\n      friendlyName: $friendlyName\n      comment: $comment\n      projectId: $projectId\n      metadata: $metadata\n      capturedTimestamp: $capturedTimestamp\n    ) {\n      ...ImportedScanFields\n    }\n  }\n": typeof types.CreateImportedScanDocument,
    "\n  query ImportScanUploadSignedUrl($importedScanId: ID!, $filename: String!, $size: Float!) {\n    getImportScanUploadSignedURL(importedScanId: $importedScanId, filename: $filename, size: $size) {\n      s3Uri\n      uploadUrl\n    }\n  }\n": typeof types.ImportScanUploadSignedUrlDocument,
    "\n  query ImportScanUploadMultipartInfo(\n    $importedScanId: ID!\n    $filename: String!\n    $numberOfParts: Int!\n    $size: Float!\n  ) {\n    getImportScanUploadMultipartInfo(\n      importedScanId: $importedScanId\n      filename: $filename\n      numberOfParts: $numberOfParts\n      size: $size\n    ) {\n      s3Uri\n      uploadId\n      parts {\n        partNumber\n        signedUrl\n      }\n    }\n  }\n": typeof types.ImportScanUploadMultipartInfoDocument,
    "\n  mutation CompleteImportScanUploadMultipart(\n    $importedScanId: ID!\n    $filename: String!\n    $uploadId: String!\n    $eTags: String!\n  ) {\n    completeImportScanUploadMultipart(\n      importedScanId: $importedScanId\n      filename: $filename\n      uploadId: $uploadId\n      eTags: $eTags\n    )\n  }\n": typeof types.CompleteImportScanUploadMultipartDocument,
    "\n  mutation ProcessImportedScan(\n    $importedScanId: ID!\n    $s3Url: String!\n    $determineTrajectory: Boolean!\n  ) {\n    processImportedScan(\n      importedScanId: $importedScanId\n      s3Url: $s3Url\n      determineTrajectory: $determineTrajectory\n    ) {\n      ...ImportedScanFields\n    }\n  }\n": typeof types.ProcessImportedScanDocument,
    "\n  mutation UpdateImportedScanHeader(\n    $id: ID!\n    $friendlyName: String\n    $comment: String\n    $metadata: JSON\n  ) {\n    updateScanHeader(id: $id, friendlyName: $friendlyName, comment: $comment, metadata: $metadata) {\n      id\n    }\n  }\n": typeof types.UpdateImportedScanHeaderDocument,
    "\n  mutation DeleteImportedScan($id: ID!) {\n    deleteImportedScan(id: $id)\n  }\n": typeof types.DeleteImportedScanDocument,
    "\n  fragment LayerGroupFields on Vendor {\n    id\n    name\n    description\n    projectId\n    lastModified\n    canChange\n  }\n": typeof types.LayerGroupFieldsFragmentDoc,
    "\n  query LayerGroups($projectId: ID) {\n    vendors(projectId: $projectId) {\n      ...LayerGroupFields\n    }\n  }\n": typeof types.LayerGroupsDocument,
    "\n  query GroupLayerChoices($projectId: ID!) {\n    projectLayers(projectId: $projectId) {\n      id\n      name\n      vendorId\n      vendor {\n        id\n        name\n      }\n    }\n  }\n": typeof types.GroupLayerChoicesDocument,
    "\n  mutation CreateLayerGroup($name: String!, $description: String, $projectId: ID) {\n    createVendor(name: $name, description: $description, projectId: $projectId) {\n      ...LayerGroupFields\n    }\n  }\n": typeof types.CreateLayerGroupDocument,
    "\n  mutation UpdateLayerGroupDetails(\n    $id: ID!\n    $name: String\n    $description: String\n    $projectId: ID\n  ) {\n    updateVendor(id: $id, name: $name, description: $description, projectId: $projectId) {\n      ...LayerGroupFields\n    }\n  }\n": typeof types.UpdateLayerGroupDetailsDocument,
    "\n  mutation DeleteLayerGroup($id: ID!) {\n    deleteVendor(id: $id)\n  }\n": typeof types.DeleteLayerGroupDocument,
    "\n  mutation AssignLayerGroup($layerId: ID!, $vendorId: ID) {\n    updateLayerGroup(layerId: $layerId, vendorId: $vendorId) {\n      id\n      vendorId\n      vendor {\n        id\n        name\n      }\n      lastModified\n    }\n  }\n": typeof types.AssignLayerGroupDocument,
    "\n  fragment LayerRowFields on ProjectLayer {\n    id\n    projectId\n    name\n    comments\n    layers\n    ignore\n    showByDefault\n    featureCount\n    sourceBytes\n    vendorId\n    vendor {\n      id\n      name\n    }\n    lastModified\n  }\n": typeof types.LayerRowFieldsFragmentDoc,
    "\n  query ProjectLayers($projectId: ID!) {\n    projectLayers(projectId: $projectId) {\n      ...LayerRowFields\n    }\n  }\n": typeof types.ProjectLayersDocument,
    "\n  query LayerGroupChoices($projectId: ID!) {\n    vendors(projectId: $projectId) {\n      id\n      name\n      description\n      projectId\n      lastModified\n    }\n  }\n": typeof types.LayerGroupChoicesDocument,
    "\n  query ProjectLayer($id: ID!) {\n    projectLayer(id: $id) {\n      ...LayerRowFields\n      source\n    }\n  }\n": typeof types.ProjectLayerDocument,
    "\n  mutation CreateProjectLayer(\n    $projectId: ID!\n    $name: String!\n    $comments: String\n    $source: String!\n    $layers: String\n    $ignore: Boolean\n    $showByDefault: Boolean\n    $vendorId: ID\n  ) {\n    createProjectLayer(\n      projectId: $projectId\n      name: $name\n      comments: $comments\n      source: $source\n      layers: $layers\n      ignore: $ignore\n      showByDefault: $showByDefault\n      vendorId: $vendorId\n    ) {\n      ...LayerRowFields\n    }\n  }\n": typeof types.CreateProjectLayerDocument,
    "\n  mutation UpdateProjectLayer(\n    $id: ID!\n    $name: String\n    $comments: String\n    $source: String\n    $layers: String\n    $ignore: Boolean\n    $showByDefault: Boolean\n  ) {\n    updateProjectLayer(\n      id: $id\n      name: $name\n      comments: $comments\n      source: $source\n      layers: $layers\n      ignore: $ignore\n      showByDefault: $showByDefault\n    ) {\n      ...LayerRowFields\n    }\n  }\n": typeof types.UpdateProjectLayerDocument,
    "\n  mutation DeleteProjectLayer($id: ID!) {\n    deleteProjectLayer(id: $id)\n  }\n": typeof types.DeleteProjectLayerDocument,
    "\n  mutation UpdateLayerGroup($layerId: ID!, $vendorId: ID) {\n    updateLayerGroup(layerId: $layerId, vendorId: $vendorId) {\n      ...LayerRowFields\n    }\n  }\n": typeof types.UpdateLayerGroupDocument,
    "\n  fragment BucketFields on Bucket {\n    id\n    name\n    endpoint\n    region\n    bucket\n    prefix\n    forcePathStyle\n    hasCredentials\n  }\n": typeof types.BucketFieldsFragmentDoc,
    "\n  query OrganizationBuckets($organizationId: ID) {\n    buckets(organizationId: $organizationId) {\n      ...BucketFields\n    }\n  }\n": typeof types.OrganizationBucketsDocument,
    "\n  mutation CreateBucket(\n    $organizationId: ID!\n    $name: String!\n    $endpoint: String\n    $region: String!\n    $bucket: String!\n    $prefix: String\n    $forcePathStyle: Boolean\n    $accessKeyId: String\n    $secretAccessKey: String\n  ) {\n    createBucket(\n      organizationId: $organizationId\n      name: $name\n      endpoint: $endpoint\n      region: $region\n      bucket: $bucket\n      prefix: $prefix\n      forcePathStyle: $forcePathStyle\n      accessKeyId: $accessKeyId\n      secretAccessKey: $secretAccessKey\n    ) {\n      ...BucketFields\n    }\n  }\n": typeof types.CreateBucketDocument,
    "\n  mutation UpdateBucket(\n    $id: ID!\n    $name: String!\n    $endpoint: String\n    $region: String!\n    $bucket: String!\n    $prefix: String\n    $forcePathStyle: Boolean\n    $accessKeyId: String\n    $secretAccessKey: String\n  ) {\n    updateBucket(\n      id: $id\n      name: $name\n      endpoint: $endpoint\n      region: $region\n      bucket: $bucket\n      prefix: $prefix\n      forcePathStyle: $forcePathStyle\n      accessKeyId: $accessKeyId\n      secretAccessKey: $secretAccessKey\n    ) {\n      ...BucketFields\n    }\n  }\n": typeof types.UpdateBucketDocument,
    "\n  mutation DeleteBucket($id: ID!) {\n    deleteBucket(id: $id)\n  }\n": typeof types.DeleteBucketDocument,
    "\n  mutation TestBucketConnection($id: ID!) {\n    testBucketConnection(id: $id) {\n      ok\n      message\n    }\n  }\n": typeof types.TestBucketConnectionDocument,
    "\n  mutation TestBucketSettings(\n    $id: ID\n    $endpoint: String\n    $region: String!\n    $bucket: String!\n    $prefix: String\n    $forcePathStyle: Boolean\n    $accessKeyId: String\n    $secretAccessKey: String\n  ) {\n    testBucketSettings(\n      id: $id\n      endpoint: $endpoint\n      region: $region\n      bucket: $bucket\n      prefix: $prefix\n      forcePathStyle: $forcePathStyle\n      accessKeyId: $accessKeyId\n      secretAccessKey: $secretAccessKey\n    ) {\n      ok\n      message\n    }\n  }\n": typeof types.TestBucketSettingsDocument,
    "\n  query OrganizationsAdmin {\n    organizations {\n      id\n      name\n      devices {\n        id\n        name\n      }\n      buckets {\n        id\n        name\n      }\n    }\n  }\n": typeof types.OrganizationsAdminDocument,
    "\n  query DeviceOptions {\n    devices {\n      id\n      name\n      organization {\n        id\n        name\n      }\n    }\n  }\n": typeof types.DeviceOptionsDocument,
    "\n  mutation CreateOrganization($name: String!, $deviceIds: [ID!]) {\n    createOrganization(name: $name, deviceIds: $deviceIds) {\n      id\n      name\n    }\n  }\n": typeof types.CreateOrganizationDocument,
    "\n  mutation UpdateOrganization($id: ID!, $name: String!, $deviceIds: [ID!]) {\n    updateOrganization(id: $id, name: $name, deviceIds: $deviceIds) {\n      id\n      name\n    }\n  }\n": typeof types.UpdateOrganizationDocument,
    "\n  mutation DeleteOrganization($id: ID!) {\n    deleteOrganization(id: $id)\n  }\n": typeof types.DeleteOrganizationDocument,
    "\n  mutation RegisterDevice($id: String!, $name: String!, $organizationId: ID!) {\n    registerDevice(id: $id, name: $name, organizationId: $organizationId) {\n      id\n      name\n    }\n  }\n": typeof types.RegisterDeviceDocument,
    "\n  fragment PipelineFields on Pipeline {\n    id\n    name\n    description\n    pipeline\n    dependencies\n    global\n    lastModified\n    engineErrors\n    project {\n      id\n    }\n  }\n": typeof types.PipelineFieldsFragmentDoc,
    "\n  query PipelinesByProject($projectId: ID!) {\n    pipelineByProject(projectId: $projectId) {\n      ...PipelineFields\n    }\n  }\n": typeof types.PipelinesByProjectDocument,
    "\n  mutation CreatePipeline(\n    $projectId: ID\n    $name: String\n    $description: String\n    $pipeline: String\n    $dependencies: [String!]\n    $global: Boolean\n  ) {\n    createPipeline(\n      projectId: $projectId\n      name: $name\n      description: $description\n      pipeline: $pipeline\n      dependencies: $dependencies\n      global: $global\n    ) {\n      ...PipelineFields\n    }\n  }\n": typeof types.CreatePipelineDocument,
    "\n  mutation UpdatePipeline(\n    $id: ID!\n    $projectId: ID\n    $name: String\n    $description: String\n    $pipeline: String\n    $dependencies: [String!]\n    $global: Boolean\n  ) {\n    updatePipeline(\n      id: $id\n      projectId: $projectId\n      name: $name\n      description: $description\n      pipeline: $pipeline\n      dependencies: $dependencies\n      global: $global\n    ) {\n      ...PipelineFields\n    }\n  }\n": typeof types.UpdatePipelineDocument,
    "\n  mutation DeletePipeline($id: ID!) {\n    deletePipeline(id: $id)\n  }\n": typeof types.DeletePipelineDocument,
    "\n  query ProcessingEntries($pageSize: Int) {\n    activityLogs(pageSize: $pageSize, sort: \"lastModified:desc\", activityTypeFilter: \"ScanProcessing\") {\n      items {\n        id\n        status\n        message\n        payload\n      }\n    }\n  }\n": typeof types.ProcessingEntriesDocument,
    "\n  query ProcessingPdalCheck($submission: PdalSubmission!) {\n    pdal(submission: $submission) {\n      ok\n      errors\n      stages {\n        type\n      }\n    }\n  }\n": typeof types.ProcessingPdalCheckDocument,
    "\n  mutation ProcessScans($submission: ProcessingSubmission!) {\n    processScans(submission: $submission) {\n      submitted\n    }\n  }\n": typeof types.ProcessScansDocument,
    "\n  mutation PublishScans(\n    $projectId: ID!\n    $bucketId: ID!\n    $targetFolder: String!\n    $includeImages: Boolean!\n    $transform: Boolean!\n    $scans: [PublishScanInput!]!\n  ) {\n    publishScans(\n      projectId: $projectId\n      bucketId: $bucketId\n      targetFolder: $targetFolder\n      includeImages: $includeImages\n      transform: $transform\n      scans: $scans\n    ) {\n      submitted\n    }\n  }\n": typeof types.PublishScansDocument,
    "\n  mutation PublishScan(\n    $projectId: ID!\n    $bucketId: ID!\n    $targetFolder: String!\n    $includeImages: Boolean!\n    $transform: Boolean!\n    $scan: PublishScanInput!\n  ) {\n    publishScan(\n      projectId: $projectId\n      bucketId: $bucketId\n      targetFolder: $targetFolder\n      includeImages: $includeImages\n      transform: $transform\n      scan: $scan\n    ) {\n      submitted\n    }\n  }\n": typeof types.PublishScanDocument,
    "\n  query PublishProject($id: ID!) {\n    project(id: $id) {\n      id\n      name\n      projection\n      organization {\n        id\n      }\n    }\n  }\n": typeof types.PublishProjectDocument,
    "\n  query ScansWithoutStoredCloud($scanIds: [ID!]!) {\n    scansWithoutStoredCloud(scanIds: $scanIds)\n  }\n": typeof types.ScansWithoutStoredCloudDocument,
    "\n  query PublishBuckets($organizationId: ID) {\n    buckets(organizationId: $organizationId) {\n      id\n      name\n      prefix\n    }\n  }\n": typeof types.PublishBucketsDocument,
    "\n  query PublishedScans($projectId: ID!, $bucketId: ID!, $targetFolder: String!, $scanIds: [ID!]!) {\n    publishedScans(\n      projectId: $projectId\n      bucketId: $bucketId\n      targetFolder: $targetFolder\n      scanIds: $scanIds\n    )\n  }\n": typeof types.PublishedScansDocument,
    "\n  mutation GeoidGridUploadSignedURL($filename: String!, $size: Float!) {\n    getGeoidGridUploadSignedURL(filename: $filename, size: $size) {\n      s3Uri\n      uploadUrl\n    }\n  }\n": typeof types.GeoidGridUploadSignedUrlDocument,
    "\n  mutation RegisterGeoidGrid($filename: String!) {\n    registerGeoidGrid(filename: $filename) {\n      name\n      format\n    }\n  }\n": typeof types.RegisterGeoidGridDocument,
    "\n  query ProjectList {\n    projects {\n      id\n      name\n      comments\n      active\n      organization {\n        id\n        name\n      }\n      utm\n      projection\n      geoidGridFile\n      helmertParameters\n      tagOptions\n      from\n      to\n    }\n  }\n": typeof types.ProjectListDocument,
    "\n  query ProjectOrganizations {\n    organizations {\n      id\n      name\n    }\n  }\n": typeof types.ProjectOrganizationsDocument,
    "\n  query GeoidGridFiles {\n    getGeoidGridFiles\n  }\n": typeof types.GeoidGridFilesDocument,
    "\n  mutation CreateProject(\n    $name: String!, $comments: String, $active: Boolean, $organizationId: ID,\n    $tagOptions: [String!], $projection: String, $helmertParameters: String,\n    $geoidGridFile: String, $utm: JSON, $classifiers: String\n  ) {\n    createProject(\n      name: $name, comments: $comments, active: $active, organizationId: $organizationId,\n      tagOptions: $tagOptions, projection: $projection, helmertParameters: $helmertParameters,\n      geoidGridFile: $geoidGridFile, utm: $utm, classifiers: $classifiers\n    ) {\n      id\n    }\n  }\n": typeof types.CreateProjectDocument,
    "\n  mutation UpdateProject(\n    $id: ID!, $name: String!, $comments: String, $active: Boolean, $organizationId: ID,\n    $tagOptions: [String!], $projection: String, $helmertParameters: String,\n    $geoidGridFile: String, $utm: JSON, $classifiers: String\n  ) {\n    updateProject(\n      id: $id, name: $name, comments: $comments, active: $active, organizationId: $organizationId,\n      tagOptions: $tagOptions, projection: $projection, helmertParameters: $helmertParameters,\n      geoidGridFile: $geoidGridFile, utm: $utm, classifiers: $classifiers\n    ) {\n      id\n    }\n  }\n": typeof types.UpdateProjectDocument,
    "\n  mutation DeleteProject($id: ID!) {\n    deleteProject(id: $id)\n  }\n": typeof types.DeleteProjectDocument,
    "\n  query Projects {\n    projects {\n      id\n      name\n      utm\n      organization {\n        id\n        name\n      }\n    }\n  }\n": typeof types.ProjectsDocument,
    "\n  query ScanActionsScan($id: ID!) {\n    scan(id: $id) {\n      id\n      friendlyName\n      comment\n      tags\n      defaultVersion\n      sessionId\n      projectId\n      metadata\n      artifacts {\n        id\n        artifactType\n        name\n        status\n        parameters\n      }\n    }\n  }\n": typeof types.ScanActionsScanDocument,
    "\n  query ScanActionsProject($id: ID!) {\n    project(id: $id) {\n      id\n      tagOptions\n      organization {\n        id\n      }\n    }\n  }\n": typeof types.ScanActionsProjectDocument,
    "\n  query ScanActionsBuckets($organizationId: ID) {\n    buckets(organizationId: $organizationId) {\n      id\n    }\n  }\n": typeof types.ScanActionsBucketsDocument,
    "\n  mutation UpdateScanHeader(\n    $id: ID!\n    $friendlyName: String\n    $comment: String\n    $defaultVersion: String\n    $tags: [String!]\n  ) {\n    updateScanHeader(\n      id: $id\n      friendlyName: $friendlyName\n      comment: $comment\n      defaultVersion: $defaultVersion\n      tags: $tags\n    ) {\n      id\n      friendlyName\n      comment\n      tags\n      defaultVersion\n    }\n  }\n": typeof types.UpdateScanHeaderDocument,
    "\n  mutation DeleteScan($id: ID!) {\n    deleteScan(id: $id)\n  }\n": typeof types.DeleteScanDocument,
    "\n  query MostRecentArtifactForDownload($id: ID!) {\n    getMostRecentArtifactForDownload(id: $id) {\n      artifactId\n      artifactType\n      name\n      url\n      filename\n    }\n  }\n": typeof types.MostRecentArtifactForDownloadDocument,
    "\n  fragment TrajectoryRunFields on TrajectoryProcessingRun {\n    id\n    sessionId\n    basestationIds\n    status\n    statusMessge\n    logS3Url\n    ambStatusS3Url\n    altitudeSeparationsS3Url\n    distanceSeparationsS3Url\n    numSatsS3Url\n    trajectoryAuditS3Url\n    versionName\n    metrics\n    submitted\n    started\n    completed\n  }\n": typeof types.TrajectoryRunFieldsFragmentDoc,
    "\n  query TrajectorySessionSummary($projectId: ID!) {\n    sessionSummary(projectId: $projectId) {\n      projectId\n      sessionId\n      assignmentType\n      capturedTimestamp\n      endCapturedTimestamp\n      status\n      scanCount\n      roverObservation\n      trajectoryProcessingRuns {\n        ...TrajectoryRunFields\n      }\n    }\n  }\n": typeof types.TrajectorySessionSummaryDocument,
    "\n  query TrajectoryProcessingAvailability {\n    trajectoryProcessingAvailability {\n      available\n      message\n    }\n  }\n": typeof types.TrajectoryProcessingAvailabilityDocument,
    "\n  query PotentialBasestations($sessionId: String!) {\n    potentialBasestations(sessionId: $sessionId) {\n      basestation {\n        id\n        filename\n        markerName\n        startTimestamp\n        endTimestamp\n        point {\n          coordinates\n        }\n      }\n      session {\n        sessionId\n        timestamps\n        scanCount\n        startPoint\n        endPoint\n      }\n      distance\n      recommended\n      ownReceiver\n    }\n  }\n": typeof types.PotentialBasestationsDocument,
    "\n  query TimeMatchedSessionsForBasestation($basestationId: ID!) {\n    timeMatchedSessionsForBasestation(basestationId: $basestationId) {\n      projectId\n      sessionId\n      capturedTimestamp\n      endCapturedTimestamp\n      status\n      scanCount\n    }\n  }\n": typeof types.TimeMatchedSessionsForBasestationDocument,
    "\n  mutation CreateSessionTrajectoryProcessingRun($input: TrajectoryProcessingRunInput!) {\n    createSessionTrajectoryProcessingRun(trajectoryProcessingRun: $input) {\n      ...TrajectoryRunFields\n    }\n  }\n": typeof types.CreateSessionTrajectoryProcessingRunDocument,
    "\n  query SignedS3Url($s3Url: String!) {\n    getSignedS3Url(s3Url: $s3Url)\n  }\n": typeof types.SignedS3UrlDocument,
    "\n  query ExistingPackageUploads($filenamesCsv: String!) {\n    getExistingPackageUploads(filenamesCsv: $filenamesCsv) {\n      filename\n      size\n    }\n  }\n": typeof types.ExistingPackageUploadsDocument,
    "\n  query PackageUploadSignedUrl($filename: String!, $size: Float!) {\n    getPackageUploadSignedURL(filename: $filename, size: $size) { uploadUrl key }\n  }\n": typeof types.PackageUploadSignedUrlDocument,
    "\n  query PackageUploadMultipartInfo($filename: String!, $numberOfParts: Int!, $size: Float!) {\n    getPackageUploadMultipartInfo(filename: $filename, numberOfParts: $numberOfParts, size: $size) {\n      uploadId parts { partNumber signedUrl }\n    }\n  }\n": typeof types.PackageUploadMultipartInfoDocument,
    "\n  query PackageUploadPartUrls($filename: String!, $uploadId: String!, $partNumbers: [Int!]!) {\n    getPackageUploadPartUrls(filename: $filename, uploadId: $uploadId, partNumbers: $partNumbers) {\n      partNumber signedUrl\n    }\n  }\n": typeof types.PackageUploadPartUrlsDocument,
    "\n  query PackageUploadParts($filename: String!, $uploadId: String!) {\n    getPackageUploadParts(filename: $filename, uploadId: $uploadId) { partNumber eTag size }\n  }\n": typeof types.PackageUploadPartsDocument,
    "\n  mutation CompletePackageUploadMultipart($filename: String!, $uploadId: String!,\n      $eTags: String!, $referenceKey: String) {\n    completePackageUploadMultipart(filename: $filename, uploadId: $uploadId, eTags: $eTags,\n      referenceKey: $referenceKey)\n  }\n": typeof types.CompletePackageUploadMultipartDocument,
    "\n  mutation AbortPackageUpload($filename: String!, $uploadId: String!) {\n    abortPackageUpload(filename: $filename, uploadId: $uploadId)\n  }\n": typeof types.AbortPackageUploadDocument,
    "\n  mutation ConfirmPackageUpload($filename: String!, $referenceKey: String) {\n    confirmPackageUpload(filename: $filename, referenceKey: $referenceKey)\n  }\n": typeof types.ConfirmPackageUploadDocument,
    "\n  mutation UpsertUploadLog($referenceKey: String!, $status: String!, $message: String,\n      $payload: JSON, $metrics: JSON) {\n    upsertActivityLogJob(activityType: \"PackageUpload\", referenceKey: $referenceKey,\n      status: $status, message: $message, payload: $payload, metrics: $metrics) { id }\n  }\n": typeof types.UpsertUploadLogDocument,
    "\n  query UploadLogs(\n    $pageIndex: Int\n    $pageSize: Int\n    $statusFilter: String\n    $userIdFilter: ID\n    $isAcknowledgedFilter: Boolean\n  ) {\n    activityLogs(\n      pageIndex: $pageIndex\n      pageSize: $pageSize\n      sort: \"created:desc\"\n      activityTypeFilter: \"PackageUpload\"\n      statusFilter: $statusFilter\n      userIdFilter: $userIdFilter\n      isAcknowledgedFilter: $isAcknowledgedFilter\n    ) {\n      total\n      items {\n        ...ActivityLogFields\n      }\n    }\n  }\n": typeof types.UploadLogsDocument,
    "\n  query IngestErrors($userIdFilter: ID, $pageSize: Int) {\n    activityLogs(\n      pageIndex: 0\n      pageSize: $pageSize\n      sort: \"created:desc\"\n      activityTypeFilter: \"PackageIngest\"\n      statusFilter: \"Error\"\n      userIdFilter: $userIdFilter\n      isAcknowledgedFilter: false\n    ) {\n      total\n      items {\n        id\n        message\n      }\n    }\n  }\n": typeof types.IngestErrorsDocument,
    "\n  query OrgUsers {\n    orgUsers {\n      id\n      name\n      userType\n      username\n      email\n      phone\n      enabled\n      organization {\n        id\n        name\n      }\n    }\n  }\n": typeof types.OrgUsersDocument,
    "\n  query UserOrganizations {\n    organizations {\n      id\n      name\n    }\n  }\n": typeof types.UserOrganizationsDocument,
    "\n  mutation CreateOrgUser(\n    $name: String\n    $email: String\n    $phone: String\n    $username: String\n    $organizationId: ID\n  ) {\n    createOrgUser(\n      name: $name\n      email: $email\n      phone: $phone\n      username: $username\n      organizationId: $organizationId\n    ) {\n      id\n      name\n      email\n      invitationUrl\n      invitationDelivery\n    }\n  }\n": typeof types.CreateOrgUserDocument,
    "\n  mutation UpdateOrgUser(\n    $id: ID!\n    $name: String\n    $enabled: Boolean!\n    $organizationId: ID\n    $userType: String\n    $email: String\n    $phone: String\n  ) {\n    updateOrgUser(\n      id: $id\n      name: $name\n      enabled: $enabled\n      organizationId: $organizationId\n      userType: $userType\n      email: $email\n      phone: $phone\n    ) {\n      id\n    }\n  }\n": typeof types.UpdateOrgUserDocument,
    "\n  mutation DeleteOrgUser($id: ID!) {\n    deleteOrgUser(id: $id)\n  }\n": typeof types.DeleteOrgUserDocument,
    "\n  fragment AnnotationFields on Annotation {\n    id\n    scanId\n    title\n    type\n    comment\n    point {\n      type\n      coordinates\n    }\n    created\n    lastModified\n    user {\n      id\n      name\n    }\n    scan {\n      id\n      friendlyName\n    }\n  }\n": typeof types.AnnotationFieldsFragmentDoc,
    "\n  query ProjectAnnotations($projectId: ID!) {\n    annotations(projectId: $projectId) {\n      ...AnnotationFields\n    }\n  }\n": typeof types.ProjectAnnotationsDocument,
    "\n  mutation CreateAnnotation($scanId: ID!, $title: String!, $type: String, $comment: String, $point: JSON!) {\n    createAnnotation(scanId: $scanId, title: $title, type: $type, comment: $comment, point: $point) {\n      ...AnnotationFields\n    }\n  }\n": typeof types.CreateAnnotationDocument,
    "\n  mutation UpdateAnnotation($id: ID!, $title: String!, $type: String, $comment: String, $point: JSON!) {\n    updateAnnotation(id: $id, title: $title, type: $type, comment: $comment, point: $point) {\n      ...AnnotationFields\n    }\n  }\n": typeof types.UpdateAnnotationDocument,
    "\n  mutation DeleteAnnotation($id: ID!) {\n    deleteAnnotation(id: $id)\n  }\n": typeof types.DeleteAnnotationDocument,
    "\n  query ScanFrameImages($scanId: ID!, $frame: Int!) {\n    scanImageUrls(scanId: $scanId, frame: $frame) {\n      scanId\n      frame\n      lat\n      lon\n      capturedAt\n      expiresAt\n      left {\n        url\n        thumbnailUrl\n        jpegRotation\n      }\n      center {\n        url\n        thumbnailUrl\n        jpegRotation\n      }\n      right {\n        url\n        thumbnailUrl\n        jpegRotation\n      }\n    }\n  }\n": typeof types.ScanFrameImagesDocument,
    "\n  query ScanFrames($id: ID!) {\n    scan(id: $id) {\n      id\n      images {\n        id\n        frame\n        lon\n        lat\n      }\n    }\n  }\n": typeof types.ScanFramesDocument,
    "\n  query PointCloudStreams($scanIds: [ID!]!) {\n    pointCloudStreams(scanIds: $scanIds) {\n      scanId\n      status\n      format\n      metadataUrl\n      hierarchyUrl\n      octreeUrl\n      expiresAt\n      crs\n      pointCount\n    }\n  }\n": typeof types.PointCloudStreamsDocument,
    "\n  query ElevationProfile($input: ElevationProfileInput!) {\n    elevationProfile(input: $input) {\n      points\n      lengthMetres\n      pointCount\n      truncated\n    }\n  }\n": typeof types.ElevationProfileDocument,
    "\n  query ScanProject($id: ID!) {\n    scan(id: $id) {\n      id\n      projectId\n    }\n  }\n": typeof types.ScanProjectDocument,
    "\n  query ViewerProjectLayers($projectId: ID!) {\n    projectLayers(projectId: $projectId) {\n      id\n      name\n      source\n      layers\n      ignore\n      showByDefault\n    }\n  }\n": typeof types.ViewerProjectLayersDocument,
    "\n  query ViewerAnnotatedScans($projectId: ID) {\n    annotations(projectId: $projectId) {\n      id\n      scanId\n    }\n  }\n": typeof types.ViewerAnnotatedScansDocument,
};
const documents: Documents = {
    "\n  fragment ActivityLogFields on ActivityLog {\n    id\n    activityType\n    status\n    message\n    logFileUrl\n    payload\n    metrics\n    user {\n      id\n      name\n    }\n    created\n    submitted\n    started\n    completed\n    isAcknowledged\n  }\n": types.ActivityLogFieldsFragmentDoc,
    "\n  query ActivityLogs(\n    $pageIndex: Int\n    $pageSize: Int\n    $activityTypeFilter: String\n    $statusFilter: String\n    $userIdFilter: ID\n    $isAcknowledgedFilter: Boolean\n  ) {\n    activityLogs(\n      pageIndex: $pageIndex\n      pageSize: $pageSize\n      sort: \"created:desc\"\n      activityTypeFilter: $activityTypeFilter\n      statusFilter: $statusFilter\n      userIdFilter: $userIdFilter\n      isAcknowledgedFilter: $isAcknowledgedFilter\n    ) {\n      total\n      take\n      skip\n      items {\n        ...ActivityLogFields\n      }\n    }\n  }\n": types.ActivityLogsDocument,
    "\n  query ActivityLogFilterOptions {\n    activityLogTypes\n    orgUsers {\n      id\n      name\n    }\n  }\n": types.ActivityLogFilterOptionsDocument,
    "\n  mutation AcknowledgeActivityLog($id: ID!, $isAcknowledged: Boolean!) {\n    acknowledgeActivityLog(id: $id, isAcknowledged: $isAcknowledged) {\n      __typename\n      id\n      isAcknowledged\n    }\n  }\n": types.AcknowledgeActivityLogDocument,
    "\n  mutation AcknowledgeMultipleActivityLogs(\n    $activityTypeFilter: String\n    $statusFilter: String\n    $userIdFilter: ID\n    $isAcknowledged: Boolean!\n  ) {\n    acknowledgeMultipleActivityLogs(\n      activityTypeFilter: $activityTypeFilter\n      statusFilter: $statusFilter\n      userIdFilter: $userIdFilter\n      isAcknowledged: $isAcknowledged\n    )\n  }\n": types.AcknowledgeMultipleActivityLogsDocument,
    "\n  query ActivityLogFileUrl($id: ID!) {\n    activityLogFileUrl(id: $id)\n  }\n": types.ActivityLogFileUrlDocument,
    "\n  fragment BasestationFields on Basestation {\n    id\n    projectId\n    filename\n    s3Url\n    status\n    statusMessage\n    markerName\n    point {\n      coordinates\n    }\n    height\n    antennaHeight\n    interval\n    rinexVersion\n    startTimestamp\n    endTimestamp\n    created\n    files {\n      name\n      kind\n      rinexVersion\n      size\n    }\n    trajectoryProcessingRuns {\n      ...TrajectoryRunFields\n    }\n  }\n": types.BasestationFieldsFragmentDoc,
    "\n  query BasestationsForProject($projectId: ID!) {\n    basestationsForProject(projectId: $projectId) {\n      ...BasestationFields\n    }\n  }\n": types.BasestationsForProjectDocument,
    "\n  query BasestationUploadSignedUrl($filename: String!, $size: Float!, $projectId: ID!) {\n    getBasestationUploadSignedURL(filename: $filename, size: $size, projectId: $projectId) {\n      s3Uri\n      uploadUrl\n    }\n  }\n": types.BasestationUploadSignedUrlDocument,
    "\n  mutation RegisterUploadedBasestationFile($projectId: ID!, $filename: String!) {\n    registerUploadedBasestationFile(projectId: $projectId, filename: $filename) {\n      ...BasestationFields\n    }\n  }\n": types.RegisterUploadedBasestationFileDocument,
    "\n  mutation DeleteBasestation($id: ID!) {\n    deleteBasestation(id: $id)\n  }\n": types.DeleteBasestationDocument,
    "\n  query AssignmentOrganizations {\n    organizations {\n      id\n      name\n      devices {\n        id\n        name\n      }\n      projects {\n        id\n        name\n      }\n    }\n  }\n": types.AssignmentOrganizationsDocument,
    "\n  query DeviceAssignments($organizationId: ID) {\n    deviceAssignments(organizationId: $organizationId) {\n      id\n      deviceId\n      projectId\n      from\n      to\n      placedSessions\n      project {\n        id\n        name\n      }\n    }\n  }\n": types.DeviceAssignmentsDocument,
    "\n  mutation CreateDeviceAssignment($deviceId: ID!, $projectId: ID!, $from: DateTime!, $to: DateTime) {\n    createDeviceAssignment(deviceId: $deviceId, projectId: $projectId, from: $from, to: $to) {\n      id\n    }\n  }\n": types.CreateDeviceAssignmentDocument,
    "\n  mutation UpdateDeviceAssignment(\n    $id: ID!\n    $deviceId: ID!\n    $projectId: ID!\n    $from: DateTime!\n    $to: DateTime\n  ) {\n    updateDeviceAssignment(\n      id: $id\n      deviceId: $deviceId\n      projectId: $projectId\n      from: $from\n      to: $to\n    ) {\n      id\n    }\n  }\n": types.UpdateDeviceAssignmentDocument,
    "\n  mutation DeleteDeviceAssignment($id: ID!) {\n    deleteDeviceAssignment(id: $id)\n  }\n": types.DeleteDeviceAssignmentDocument,
    "\n  query UnassignedScans($organizationId: ID) {\n    unassignedScans(organizationId: $organizationId) {\n      id\n      sessionId\n      deviceId\n      friendlyName\n      capturedTimestamp\n      endCapturedTimestamp\n    }\n  }\n": types.UnassignedScansDocument,
    "\n  mutation AssignSessionToProject($sessionId: String!, $projectId: ID!) {\n    assignSessionToProject(sessionId: $sessionId, projectId: $projectId) {\n      sessionId\n      projectId\n      scanCount\n    }\n  }\n": types.AssignSessionToProjectDocument,
    "\n  fragment ImportedScanFields on ImportedScan {\n    id\n    friendlyName\n    comment\n    tags\n    projectId\n    metadata\n    artifacts {\n      id\n      artifactType\n      name\n      status\n    }\n    capturedTimestamp\n    trajectory\n    sourceS3Url\n    status\n    processingStatus\n    processingMessage\n  }\n": types.ImportedScanFieldsFragmentDoc,
    "\n  query ImportedScansForProject($projectId: ID!) {\n    importedScansForProject(projectId: $projectId) {\n      ...ImportedScanFields\n    }\n  }\n": types.ImportedScansForProjectDocument,
    "\n  mutation CreateImportedScan(\n    $friendlyName: String!\n    $comment: String\n    $projectId: ID!\n    $metadata: JSON!\n    $capturedTimestamp: DateTime\n  ) {\n    createImportedScan(\n      friendlyName: $friendlyName\n      comment: $comment\n      projectId: $projectId\n      metadata: $metadata\n      capturedTimestamp: $capturedTimestamp\n    ) {\n      ...ImportedScanFields\n    }\n  }\n": types.CreateImportedScanDocument,
    "\n  query ImportScanUploadSignedUrl($importedScanId: ID!, $filename: String!, $size: Float!) {\n    getImportScanUploadSignedURL(importedScanId: $importedScanId, filename: $filename, size: $size) {\n      s3Uri\n      uploadUrl\n    }\n  }\n": types.ImportScanUploadSignedUrlDocument,
    "\n  query ImportScanUploadMultipartInfo(\n    $importedScanId: ID!\n    $filename: String!\n    $numberOfParts: Int!\n    $size: Float!\n  ) {\n    getImportScanUploadMultipartInfo(\n      importedScanId: $importedScanId\n      filename: $filename\n      numberOfParts: $numberOfParts\n      size: $size\n    ) {\n      s3Uri\n      uploadId\n      parts {\n        partNumber\n        signedUrl\n      }\n    }\n  }\n": types.ImportScanUploadMultipartInfoDocument,
    "\n  mutation CompleteImportScanUploadMultipart(\n    $importedScanId: ID!\n    $filename: String!\n    $uploadId: String!\n    $eTags: String!\n  ) {\n    completeImportScanUploadMultipart(\n      importedScanId: $importedScanId\n      filename: $filename\n      uploadId: $uploadId\n      eTags: $eTags\n    )\n  }\n": types.CompleteImportScanUploadMultipartDocument,
    "\n  mutation ProcessImportedScan(\n    $importedScanId: ID!\n    $s3Url: String!\n    $determineTrajectory: Boolean!\n  ) {\n    processImportedScan(\n      importedScanId: $importedScanId\n      s3Url: $s3Url\n      determineTrajectory: $determineTrajectory\n    ) {\n      ...ImportedScanFields\n    }\n  }\n": types.ProcessImportedScanDocument,
    "\n  mutation UpdateImportedScanHeader(\n    $id: ID!\n    $friendlyName: String\n    $comment: String\n    $metadata: JSON\n  ) {\n    updateScanHeader(id: $id, friendlyName: $friendlyName, comment: $comment, metadata: $metadata) {\n      id\n    }\n  }\n": types.UpdateImportedScanHeaderDocument,
    "\n  mutation DeleteImportedScan($id: ID!) {\n    deleteImportedScan(id: $id)\n  }\n": types.DeleteImportedScanDocument,
    "\n  fragment LayerGroupFields on Vendor {\n    id\n    name\n    description\n    projectId\n    lastModified\n    canChange\n  }\n": types.LayerGroupFieldsFragmentDoc,
    "\n  query LayerGroups($projectId: ID) {\n    vendors(projectId: $projectId) {\n      ...LayerGroupFields\n    }\n  }\n": types.LayerGroupsDocument,
    "\n  query GroupLayerChoices($projectId: ID!) {\n    projectLayers(projectId: $projectId) {\n      id\n      name\n      vendorId\n      vendor {\n        id\n        name\n      }\n    }\n  }\n": types.GroupLayerChoicesDocument,
    "\n  mutation CreateLayerGroup($name: String!, $description: String, $projectId: ID) {\n    createVendor(name: $name, description: $description, projectId: $projectId) {\n      ...LayerGroupFields\n    }\n  }\n": types.CreateLayerGroupDocument,
    "\n  mutation UpdateLayerGroupDetails(\n    $id: ID!\n    $name: String\n    $description: String\n    $projectId: ID\n  ) {\n    updateVendor(id: $id, name: $name, description: $description, projectId: $projectId) {\n      ...LayerGroupFields\n    }\n  }\n": types.UpdateLayerGroupDetailsDocument,
    "\n  mutation DeleteLayerGroup($id: ID!) {\n    deleteVendor(id: $id)\n  }\n": types.DeleteLayerGroupDocument,
    "\n  mutation AssignLayerGroup($layerId: ID!, $vendorId: ID) {\n    updateLayerGroup(layerId: $layerId, vendorId: $vendorId) {\n      id\n      vendorId\n      vendor {\n        id\n        name\n      }\n      lastModified\n    }\n  }\n": types.AssignLayerGroupDocument,
    "\n  fragment LayerRowFields on ProjectLayer {\n    id\n    projectId\n    name\n    comments\n    layers\n    ignore\n    showByDefault\n    featureCount\n    sourceBytes\n    vendorId\n    vendor {\n      id\n      name\n    }\n    lastModified\n  }\n": types.LayerRowFieldsFragmentDoc,
    "\n  query ProjectLayers($projectId: ID!) {\n    projectLayers(projectId: $projectId) {\n      ...LayerRowFields\n    }\n  }\n": types.ProjectLayersDocument,
    "\n  query LayerGroupChoices($projectId: ID!) {\n    vendors(projectId: $projectId) {\n      id\n      name\n      description\n      projectId\n      lastModified\n    }\n  }\n": types.LayerGroupChoicesDocument,
    "\n  query ProjectLayer($id: ID!) {\n    projectLayer(id: $id) {\n      ...LayerRowFields\n      source\n    }\n  }\n": types.ProjectLayerDocument,
    "\n  mutation CreateProjectLayer(\n    $projectId: ID!\n    $name: String!\n    $comments: String\n    $source: String!\n    $layers: String\n    $ignore: Boolean\n    $showByDefault: Boolean\n    $vendorId: ID\n  ) {\n    createProjectLayer(\n      projectId: $projectId\n      name: $name\n      comments: $comments\n      source: $source\n      layers: $layers\n      ignore: $ignore\n      showByDefault: $showByDefault\n      vendorId: $vendorId\n    ) {\n      ...LayerRowFields\n    }\n  }\n": types.CreateProjectLayerDocument,
    "\n  mutation UpdateProjectLayer(\n    $id: ID!\n    $name: String\n    $comments: String\n    $source: String\n    $layers: String\n    $ignore: Boolean\n    $showByDefault: Boolean\n  ) {\n    updateProjectLayer(\n      id: $id\n      name: $name\n      comments: $comments\n      source: $source\n      layers: $layers\n      ignore: $ignore\n      showByDefault: $showByDefault\n    ) {\n      ...LayerRowFields\n    }\n  }\n": types.UpdateProjectLayerDocument,
    "\n  mutation DeleteProjectLayer($id: ID!) {\n    deleteProjectLayer(id: $id)\n  }\n": types.DeleteProjectLayerDocument,
    "\n  mutation UpdateLayerGroup($layerId: ID!, $vendorId: ID) {\n    updateLayerGroup(layerId: $layerId, vendorId: $vendorId) {\n      ...LayerRowFields\n    }\n  }\n": types.UpdateLayerGroupDocument,
    "\n  fragment BucketFields on Bucket {\n    id\n    name\n    endpoint\n    region\n    bucket\n    prefix\n    forcePathStyle\n    hasCredentials\n  }\n": types.BucketFieldsFragmentDoc,
    "\n  query OrganizationBuckets($organizationId: ID) {\n    buckets(organizationId: $organizationId) {\n      ...BucketFields\n    }\n  }\n": types.OrganizationBucketsDocument,
    "\n  mutation CreateBucket(\n    $organizationId: ID!\n    $name: String!\n    $endpoint: String\n    $region: String!\n    $bucket: String!\n    $prefix: String\n    $forcePathStyle: Boolean\n    $accessKeyId: String\n    $secretAccessKey: String\n  ) {\n    createBucket(\n      organizationId: $organizationId\n      name: $name\n      endpoint: $endpoint\n      region: $region\n      bucket: $bucket\n      prefix: $prefix\n      forcePathStyle: $forcePathStyle\n      accessKeyId: $accessKeyId\n      secretAccessKey: $secretAccessKey\n    ) {\n      ...BucketFields\n    }\n  }\n": types.CreateBucketDocument,
    "\n  mutation UpdateBucket(\n    $id: ID!\n    $name: String!\n    $endpoint: String\n    $region: String!\n    $bucket: String!\n    $prefix: String\n    $forcePathStyle: Boolean\n    $accessKeyId: String\n    $secretAccessKey: String\n  ) {\n    updateBucket(\n      id: $id\n      name: $name\n      endpoint: $endpoint\n      region: $region\n      bucket: $bucket\n      prefix: $prefix\n      forcePathStyle: $forcePathStyle\n      accessKeyId: $accessKeyId\n      secretAccessKey: $secretAccessKey\n    ) {\n      ...BucketFields\n    }\n  }\n": types.UpdateBucketDocument,
    "\n  mutation DeleteBucket($id: ID!) {\n    deleteBucket(id: $id)\n  }\n": types.DeleteBucketDocument,
    "\n  mutation TestBucketConnection($id: ID!) {\n    testBucketConnection(id: $id) {\n      ok\n      message\n    }\n  }\n": types.TestBucketConnectionDocument,
    "\n  mutation TestBucketSettings(\n    $id: ID\n    $endpoint: String\n    $region: String!\n    $bucket: String!\n    $prefix: String\n    $forcePathStyle: Boolean\n    $accessKeyId: String\n    $secretAccessKey: String\n  ) {\n    testBucketSettings(\n      id: $id\n      endpoint: $endpoint\n      region: $region\n      bucket: $bucket\n      prefix: $prefix\n      forcePathStyle: $forcePathStyle\n      accessKeyId: $accessKeyId\n      secretAccessKey: $secretAccessKey\n    ) {\n      ok\n      message\n    }\n  }\n": types.TestBucketSettingsDocument,
    "\n  query OrganizationsAdmin {\n    organizations {\n      id\n      name\n      devices {\n        id\n        name\n      }\n      buckets {\n        id\n        name\n      }\n    }\n  }\n": types.OrganizationsAdminDocument,
    "\n  query DeviceOptions {\n    devices {\n      id\n      name\n      organization {\n        id\n        name\n      }\n    }\n  }\n": types.DeviceOptionsDocument,
    "\n  mutation CreateOrganization($name: String!, $deviceIds: [ID!]) {\n    createOrganization(name: $name, deviceIds: $deviceIds) {\n      id\n      name\n    }\n  }\n": types.CreateOrganizationDocument,
    "\n  mutation UpdateOrganization($id: ID!, $name: String!, $deviceIds: [ID!]) {\n    updateOrganization(id: $id, name: $name, deviceIds: $deviceIds) {\n      id\n      name\n    }\n  }\n": types.UpdateOrganizationDocument,
    "\n  mutation DeleteOrganization($id: ID!) {\n    deleteOrganization(id: $id)\n  }\n": types.DeleteOrganizationDocument,
    "\n  mutation RegisterDevice($id: String!, $name: String!, $organizationId: ID!) {\n    registerDevice(id: $id, name: $name, organizationId: $organizationId) {\n      id\n      name\n    }\n  }\n": types.RegisterDeviceDocument,
    "\n  fragment PipelineFields on Pipeline {\n    id\n    name\n    description\n    pipeline\n    dependencies\n    global\n    lastModified\n    engineErrors\n    project {\n      id\n    }\n  }\n": types.PipelineFieldsFragmentDoc,
    "\n  query PipelinesByProject($projectId: ID!) {\n    pipelineByProject(projectId: $projectId) {\n      ...PipelineFields\n    }\n  }\n": types.PipelinesByProjectDocument,
    "\n  mutation CreatePipeline(\n    $projectId: ID\n    $name: String\n    $description: String\n    $pipeline: String\n    $dependencies: [String!]\n    $global: Boolean\n  ) {\n    createPipeline(\n      projectId: $projectId\n      name: $name\n      description: $description\n      pipeline: $pipeline\n      dependencies: $dependencies\n      global: $global\n    ) {\n      ...PipelineFields\n    }\n  }\n": types.CreatePipelineDocument,
    "\n  mutation UpdatePipeline(\n    $id: ID!\n    $projectId: ID\n    $name: String\n    $description: String\n    $pipeline: String\n    $dependencies: [String!]\n    $global: Boolean\n  ) {\n    updatePipeline(\n      id: $id\n      projectId: $projectId\n      name: $name\n      description: $description\n      pipeline: $pipeline\n      dependencies: $dependencies\n      global: $global\n    ) {\n      ...PipelineFields\n    }\n  }\n": types.UpdatePipelineDocument,
    "\n  mutation DeletePipeline($id: ID!) {\n    deletePipeline(id: $id)\n  }\n": types.DeletePipelineDocument,
    "\n  query ProcessingEntries($pageSize: Int) {\n    activityLogs(pageSize: $pageSize, sort: \"lastModified:desc\", activityTypeFilter: \"ScanProcessing\") {\n      items {\n        id\n        status\n        message\n        payload\n      }\n    }\n  }\n": types.ProcessingEntriesDocument,
    "\n  query ProcessingPdalCheck($submission: PdalSubmission!) {\n    pdal(submission: $submission) {\n      ok\n      errors\n      stages {\n        type\n      }\n    }\n  }\n": types.ProcessingPdalCheckDocument,
    "\n  mutation ProcessScans($submission: ProcessingSubmission!) {\n    processScans(submission: $submission) {\n      submitted\n    }\n  }\n": types.ProcessScansDocument,
    "\n  mutation PublishScans(\n    $projectId: ID!\n    $bucketId: ID!\n    $targetFolder: String!\n    $includeImages: Boolean!\n    $transform: Boolean!\n    $scans: [PublishScanInput!]!\n  ) {\n    publishScans(\n      projectId: $projectId\n      bucketId: $bucketId\n      targetFolder: $targetFolder\n      includeImages: $includeImages\n      transform: $transform\n      scans: $scans\n    ) {\n      submitted\n    }\n  }\n": types.PublishScansDocument,
    "\n  mutation PublishScan(\n    $projectId: ID!\n    $bucketId: ID!\n    $targetFolder: String!\n    $includeImages: Boolean!\n    $transform: Boolean!\n    $scan: PublishScanInput!\n  ) {\n    publishScan(\n      projectId: $projectId\n      bucketId: $bucketId\n      targetFolder: $targetFolder\n      includeImages: $includeImages\n      transform: $transform\n      scan: $scan\n    ) {\n      submitted\n    }\n  }\n": types.PublishScanDocument,
    "\n  query PublishProject($id: ID!) {\n    project(id: $id) {\n      id\n      name\n      projection\n      organization {\n        id\n      }\n    }\n  }\n": types.PublishProjectDocument,
    "\n  query ScansWithoutStoredCloud($scanIds: [ID!]!) {\n    scansWithoutStoredCloud(scanIds: $scanIds)\n  }\n": types.ScansWithoutStoredCloudDocument,
    "\n  query PublishBuckets($organizationId: ID) {\n    buckets(organizationId: $organizationId) {\n      id\n      name\n      prefix\n    }\n  }\n": types.PublishBucketsDocument,
    "\n  query PublishedScans($projectId: ID!, $bucketId: ID!, $targetFolder: String!, $scanIds: [ID!]!) {\n    publishedScans(\n      projectId: $projectId\n      bucketId: $bucketId\n      targetFolder: $targetFolder\n      scanIds: $scanIds\n    )\n  }\n": types.PublishedScansDocument,
    "\n  mutation GeoidGridUploadSignedURL($filename: String!, $size: Float!) {\n    getGeoidGridUploadSignedURL(filename: $filename, size: $size) {\n      s3Uri\n      uploadUrl\n    }\n  }\n": types.GeoidGridUploadSignedUrlDocument,
    "\n  mutation RegisterGeoidGrid($filename: String!) {\n    registerGeoidGrid(filename: $filename) {\n      name\n      format\n    }\n  }\n": types.RegisterGeoidGridDocument,
    "\n  query ProjectList {\n    projects {\n      id\n      name\n      comments\n      active\n      organization {\n        id\n        name\n      }\n      utm\n      projection\n      geoidGridFile\n      helmertParameters\n      tagOptions\n      from\n      to\n    }\n  }\n": types.ProjectListDocument,
    "\n  query ProjectOrganizations {\n    organizations {\n      id\n      name\n    }\n  }\n": types.ProjectOrganizationsDocument,
    "\n  query GeoidGridFiles {\n    getGeoidGridFiles\n  }\n": types.GeoidGridFilesDocument,
    "\n  mutation CreateProject(\n    $name: String!, $comments: String, $active: Boolean, $organizationId: ID,\n    $tagOptions: [String!], $projection: String, $helmertParameters: String,\n    $geoidGridFile: String, $utm: JSON, $classifiers: String\n  ) {\n    createProject(\n      name: $name, comments: $comments, active: $active, organizationId: $organizationId,\n      tagOptions: $tagOptions, projection: $projection, helmertParameters: $helmertParameters,\n      geoidGridFile: $geoidGridFile, utm: $utm, classifiers: $classifiers\n    ) {\n      id\n    }\n  }\n": types.CreateProjectDocument,
    "\n  mutation UpdateProject(\n    $id: ID!, $name: String!, $comments: String, $active: Boolean, $organizationId: ID,\n    $tagOptions: [String!], $projection: String, $helmertParameters: String,\n    $geoidGridFile: String, $utm: JSON, $classifiers: String\n  ) {\n    updateProject(\n      id: $id, name: $name, comments: $comments, active: $active, organizationId: $organizationId,\n      tagOptions: $tagOptions, projection: $projection, helmertParameters: $helmertParameters,\n      geoidGridFile: $geoidGridFile, utm: $utm, classifiers: $classifiers\n    ) {\n      id\n    }\n  }\n": types.UpdateProjectDocument,
    "\n  mutation DeleteProject($id: ID!) {\n    deleteProject(id: $id)\n  }\n": types.DeleteProjectDocument,
    "\n  query Projects {\n    projects {\n      id\n      name\n      utm\n      organization {\n        id\n        name\n      }\n    }\n  }\n": types.ProjectsDocument,
    "\n  query ScanActionsScan($id: ID!) {\n    scan(id: $id) {\n      id\n      friendlyName\n      comment\n      tags\n      defaultVersion\n      sessionId\n      projectId\n      metadata\n      artifacts {\n        id\n        artifactType\n        name\n        status\n        parameters\n      }\n    }\n  }\n": types.ScanActionsScanDocument,
    "\n  query ScanActionsProject($id: ID!) {\n    project(id: $id) {\n      id\n      tagOptions\n      organization {\n        id\n      }\n    }\n  }\n": types.ScanActionsProjectDocument,
    "\n  query ScanActionsBuckets($organizationId: ID) {\n    buckets(organizationId: $organizationId) {\n      id\n    }\n  }\n": types.ScanActionsBucketsDocument,
    "\n  mutation UpdateScanHeader(\n    $id: ID!\n    $friendlyName: String\n    $comment: String\n    $defaultVersion: String\n    $tags: [String!]\n  ) {\n    updateScanHeader(\n      id: $id\n      friendlyName: $friendlyName\n      comment: $comment\n      defaultVersion: $defaultVersion\n      tags: $tags\n    ) {\n      id\n      friendlyName\n      comment\n      tags\n      defaultVersion\n    }\n  }\n": types.UpdateScanHeaderDocument,
    "\n  mutation DeleteScan($id: ID!) {\n    deleteScan(id: $id)\n  }\n": types.DeleteScanDocument,
    "\n  query MostRecentArtifactForDownload($id: ID!) {\n    getMostRecentArtifactForDownload(id: $id) {\n      artifactId\n      artifactType\n      name\n      url\n      filename\n    }\n  }\n": types.MostRecentArtifactForDownloadDocument,
    "\n  fragment TrajectoryRunFields on TrajectoryProcessingRun {\n    id\n    sessionId\n    basestationIds\n    status\n    statusMessge\n    logS3Url\n    ambStatusS3Url\n    altitudeSeparationsS3Url\n    distanceSeparationsS3Url\n    numSatsS3Url\n    trajectoryAuditS3Url\n    versionName\n    metrics\n    submitted\n    started\n    completed\n  }\n": types.TrajectoryRunFieldsFragmentDoc,
    "\n  query TrajectorySessionSummary($projectId: ID!) {\n    sessionSummary(projectId: $projectId) {\n      projectId\n      sessionId\n      assignmentType\n      capturedTimestamp\n      endCapturedTimestamp\n      status\n      scanCount\n      roverObservation\n      trajectoryProcessingRuns {\n        ...TrajectoryRunFields\n      }\n    }\n  }\n": types.TrajectorySessionSummaryDocument,
    "\n  query TrajectoryProcessingAvailability {\n    trajectoryProcessingAvailability {\n      available\n      message\n    }\n  }\n": types.TrajectoryProcessingAvailabilityDocument,
    "\n  query PotentialBasestations($sessionId: String!) {\n    potentialBasestations(sessionId: $sessionId) {\n      basestation {\n        id\n        filename\n        markerName\n        startTimestamp\n        endTimestamp\n        point {\n          coordinates\n        }\n      }\n      session {\n        sessionId\n        timestamps\n        scanCount\n        startPoint\n        endPoint\n      }\n      distance\n      recommended\n      ownReceiver\n    }\n  }\n": types.PotentialBasestationsDocument,
    "\n  query TimeMatchedSessionsForBasestation($basestationId: ID!) {\n    timeMatchedSessionsForBasestation(basestationId: $basestationId) {\n      projectId\n      sessionId\n      capturedTimestamp\n      endCapturedTimestamp\n      status\n      scanCount\n    }\n  }\n": types.TimeMatchedSessionsForBasestationDocument,
    "\n  mutation CreateSessionTrajectoryProcessingRun($input: TrajectoryProcessingRunInput!) {\n    createSessionTrajectoryProcessingRun(trajectoryProcessingRun: $input) {\n      ...TrajectoryRunFields\n    }\n  }\n": types.CreateSessionTrajectoryProcessingRunDocument,
    "\n  query SignedS3Url($s3Url: String!) {\n    getSignedS3Url(s3Url: $s3Url)\n  }\n": types.SignedS3UrlDocument,
    "\n  query ExistingPackageUploads($filenamesCsv: String!) {\n    getExistingPackageUploads(filenamesCsv: $filenamesCsv) {\n      filename\n      size\n    }\n  }\n": types.ExistingPackageUploadsDocument,
    "\n  query PackageUploadSignedUrl($filename: String!, $size: Float!) {\n    getPackageUploadSignedURL(filename: $filename, size: $size) { uploadUrl key }\n  }\n": types.PackageUploadSignedUrlDocument,
    "\n  query PackageUploadMultipartInfo($filename: String!, $numberOfParts: Int!, $size: Float!) {\n    getPackageUploadMultipartInfo(filename: $filename, numberOfParts: $numberOfParts, size: $size) {\n      uploadId parts { partNumber signedUrl }\n    }\n  }\n": types.PackageUploadMultipartInfoDocument,
    "\n  query PackageUploadPartUrls($filename: String!, $uploadId: String!, $partNumbers: [Int!]!) {\n    getPackageUploadPartUrls(filename: $filename, uploadId: $uploadId, partNumbers: $partNumbers) {\n      partNumber signedUrl\n    }\n  }\n": types.PackageUploadPartUrlsDocument,
    "\n  query PackageUploadParts($filename: String!, $uploadId: String!) {\n    getPackageUploadParts(filename: $filename, uploadId: $uploadId) { partNumber eTag size }\n  }\n": types.PackageUploadPartsDocument,
    "\n  mutation CompletePackageUploadMultipart($filename: String!, $uploadId: String!,\n      $eTags: String!, $referenceKey: String) {\n    completePackageUploadMultipart(filename: $filename, uploadId: $uploadId, eTags: $eTags,\n      referenceKey: $referenceKey)\n  }\n": types.CompletePackageUploadMultipartDocument,
    "\n  mutation AbortPackageUpload($filename: String!, $uploadId: String!) {\n    abortPackageUpload(filename: $filename, uploadId: $uploadId)\n  }\n": types.AbortPackageUploadDocument,
    "\n  mutation ConfirmPackageUpload($filename: String!, $referenceKey: String) {\n    confirmPackageUpload(filename: $filename, referenceKey: $referenceKey)\n  }\n": types.ConfirmPackageUploadDocument,
    "\n  mutation UpsertUploadLog($referenceKey: String!, $status: String!, $message: String,\n      $payload: JSON, $metrics: JSON) {\n    upsertActivityLogJob(activityType: \"PackageUpload\", referenceKey: $referenceKey,\n      status: $status, message: $message, payload: $payload, metrics: $metrics) { id }\n  }\n": types.UpsertUploadLogDocument,
    "\n  query UploadLogs(\n    $pageIndex: Int\n    $pageSize: Int\n    $statusFilter: String\n    $userIdFilter: ID\n    $isAcknowledgedFilter: Boolean\n  ) {\n    activityLogs(\n      pageIndex: $pageIndex\n      pageSize: $pageSize\n      sort: \"created:desc\"\n      activityTypeFilter: \"PackageUpload\"\n      statusFilter: $statusFilter\n      userIdFilter: $userIdFilter\n      isAcknowledgedFilter: $isAcknowledgedFilter\n    ) {\n      total\n      items {\n        ...ActivityLogFields\n      }\n    }\n  }\n": types.UploadLogsDocument,
    "\n  query IngestErrors($userIdFilter: ID, $pageSize: Int) {\n    activityLogs(\n      pageIndex: 0\n      pageSize: $pageSize\n      sort: \"created:desc\"\n      activityTypeFilter: \"PackageIngest\"\n      statusFilter: \"Error\"\n      userIdFilter: $userIdFilter\n      isAcknowledgedFilter: false\n    ) {\n      total\n      items {\n        id\n        message\n      }\n    }\n  }\n": types.IngestErrorsDocument,
    "\n  query OrgUsers {\n    orgUsers {\n      id\n      name\n      userType\n      username\n      email\n      phone\n      enabled\n      organization {\n        id\n        name\n      }\n    }\n  }\n": types.OrgUsersDocument,
    "\n  query UserOrganizations {\n    organizations {\n      id\n      name\n    }\n  }\n": types.UserOrganizationsDocument,
    "\n  mutation CreateOrgUser(\n    $name: String\n    $email: String\n    $phone: String\n    $username: String\n    $organizationId: ID\n  ) {\n    createOrgUser(\n      name: $name\n      email: $email\n      phone: $phone\n      username: $username\n      organizationId: $organizationId\n    ) {\n      id\n      name\n      email\n      invitationUrl\n      invitationDelivery\n    }\n  }\n": types.CreateOrgUserDocument,
    "\n  mutation UpdateOrgUser(\n    $id: ID!\n    $name: String\n    $enabled: Boolean!\n    $organizationId: ID\n    $userType: String\n    $email: String\n    $phone: String\n  ) {\n    updateOrgUser(\n      id: $id\n      name: $name\n      enabled: $enabled\n      organizationId: $organizationId\n      userType: $userType\n      email: $email\n      phone: $phone\n    ) {\n      id\n    }\n  }\n": types.UpdateOrgUserDocument,
    "\n  mutation DeleteOrgUser($id: ID!) {\n    deleteOrgUser(id: $id)\n  }\n": types.DeleteOrgUserDocument,
    "\n  fragment AnnotationFields on Annotation {\n    id\n    scanId\n    title\n    type\n    comment\n    point {\n      type\n      coordinates\n    }\n    created\n    lastModified\n    user {\n      id\n      name\n    }\n    scan {\n      id\n      friendlyName\n    }\n  }\n": types.AnnotationFieldsFragmentDoc,
    "\n  query ProjectAnnotations($projectId: ID!) {\n    annotations(projectId: $projectId) {\n      ...AnnotationFields\n    }\n  }\n": types.ProjectAnnotationsDocument,
    "\n  mutation CreateAnnotation($scanId: ID!, $title: String!, $type: String, $comment: String, $point: JSON!) {\n    createAnnotation(scanId: $scanId, title: $title, type: $type, comment: $comment, point: $point) {\n      ...AnnotationFields\n    }\n  }\n": types.CreateAnnotationDocument,
    "\n  mutation UpdateAnnotation($id: ID!, $title: String!, $type: String, $comment: String, $point: JSON!) {\n    updateAnnotation(id: $id, title: $title, type: $type, comment: $comment, point: $point) {\n      ...AnnotationFields\n    }\n  }\n": types.UpdateAnnotationDocument,
    "\n  mutation DeleteAnnotation($id: ID!) {\n    deleteAnnotation(id: $id)\n  }\n": types.DeleteAnnotationDocument,
    "\n  query ScanFrameImages($scanId: ID!, $frame: Int!) {\n    scanImageUrls(scanId: $scanId, frame: $frame) {\n      scanId\n      frame\n      lat\n      lon\n      capturedAt\n      expiresAt\n      left {\n        url\n        thumbnailUrl\n        jpegRotation\n      }\n      center {\n        url\n        thumbnailUrl\n        jpegRotation\n      }\n      right {\n        url\n        thumbnailUrl\n        jpegRotation\n      }\n    }\n  }\n": types.ScanFrameImagesDocument,
    "\n  query ScanFrames($id: ID!) {\n    scan(id: $id) {\n      id\n      images {\n        id\n        frame\n        lon\n        lat\n      }\n    }\n  }\n": types.ScanFramesDocument,
    "\n  query PointCloudStreams($scanIds: [ID!]!) {\n    pointCloudStreams(scanIds: $scanIds) {\n      scanId\n      status\n      format\n      metadataUrl\n      hierarchyUrl\n      octreeUrl\n      expiresAt\n      crs\n      pointCount\n    }\n  }\n": types.PointCloudStreamsDocument,
    "\n  query ElevationProfile($input: ElevationProfileInput!) {\n    elevationProfile(input: $input) {\n      points\n      lengthMetres\n      pointCount\n      truncated\n    }\n  }\n": types.ElevationProfileDocument,
    "\n  query ScanProject($id: ID!) {\n    scan(id: $id) {\n      id\n      projectId\n    }\n  }\n": types.ScanProjectDocument,
    "\n  query ViewerProjectLayers($projectId: ID!) {\n    projectLayers(projectId: $projectId) {\n      id\n      name\n      source\n      layers\n      ignore\n      showByDefault\n    }\n  }\n": types.ViewerProjectLayersDocument,
    "\n  query ViewerAnnotatedScans($projectId: ID) {\n    annotations(projectId: $projectId) {\n      id\n      scanId\n    }\n  }\n": types.ViewerAnnotatedScansDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ActivityLogFields on ActivityLog {\n    id\n    activityType\n    status\n    message\n    logFileUrl\n    payload\n    metrics\n    user {\n      id\n      name\n    }\n    created\n    submitted\n    started\n    completed\n    isAcknowledged\n  }\n"): (typeof documents)["\n  fragment ActivityLogFields on ActivityLog {\n    id\n    activityType\n    status\n    message\n    logFileUrl\n    payload\n    metrics\n    user {\n      id\n      name\n    }\n    created\n    submitted\n    started\n    completed\n    isAcknowledged\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActivityLogs(\n    $pageIndex: Int\n    $pageSize: Int\n    $activityTypeFilter: String\n    $statusFilter: String\n    $userIdFilter: ID\n    $isAcknowledgedFilter: Boolean\n  ) {\n    activityLogs(\n      pageIndex: $pageIndex\n      pageSize: $pageSize\n      sort: \"created:desc\"\n      activityTypeFilter: $activityTypeFilter\n      statusFilter: $statusFilter\n      userIdFilter: $userIdFilter\n      isAcknowledgedFilter: $isAcknowledgedFilter\n    ) {\n      total\n      take\n      skip\n      items {\n        ...ActivityLogFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query ActivityLogs(\n    $pageIndex: Int\n    $pageSize: Int\n    $activityTypeFilter: String\n    $statusFilter: String\n    $userIdFilter: ID\n    $isAcknowledgedFilter: Boolean\n  ) {\n    activityLogs(\n      pageIndex: $pageIndex\n      pageSize: $pageSize\n      sort: \"created:desc\"\n      activityTypeFilter: $activityTypeFilter\n      statusFilter: $statusFilter\n      userIdFilter: $userIdFilter\n      isAcknowledgedFilter: $isAcknowledgedFilter\n    ) {\n      total\n      take\n      skip\n      items {\n        ...ActivityLogFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActivityLogFilterOptions {\n    activityLogTypes\n    orgUsers {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query ActivityLogFilterOptions {\n    activityLogTypes\n    orgUsers {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcknowledgeActivityLog($id: ID!, $isAcknowledged: Boolean!) {\n    acknowledgeActivityLog(id: $id, isAcknowledged: $isAcknowledged) {\n      __typename\n      id\n      isAcknowledged\n    }\n  }\n"): (typeof documents)["\n  mutation AcknowledgeActivityLog($id: ID!, $isAcknowledged: Boolean!) {\n    acknowledgeActivityLog(id: $id, isAcknowledged: $isAcknowledged) {\n      __typename\n      id\n      isAcknowledged\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcknowledgeMultipleActivityLogs(\n    $activityTypeFilter: String\n    $statusFilter: String\n    $userIdFilter: ID\n    $isAcknowledged: Boolean!\n  ) {\n    acknowledgeMultipleActivityLogs(\n      activityTypeFilter: $activityTypeFilter\n      statusFilter: $statusFilter\n      userIdFilter: $userIdFilter\n      isAcknowledged: $isAcknowledged\n    )\n  }\n"): (typeof documents)["\n  mutation AcknowledgeMultipleActivityLogs(\n    $activityTypeFilter: String\n    $statusFilter: String\n    $userIdFilter: ID\n    $isAcknowledged: Boolean!\n  ) {\n    acknowledgeMultipleActivityLogs(\n      activityTypeFilter: $activityTypeFilter\n      statusFilter: $statusFilter\n      userIdFilter: $userIdFilter\n      isAcknowledged: $isAcknowledged\n    )\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActivityLogFileUrl($id: ID!) {\n    activityLogFileUrl(id: $id)\n  }\n"): (typeof documents)["\n  query ActivityLogFileUrl($id: ID!) {\n    activityLogFileUrl(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BasestationFields on Basestation {\n    id\n    projectId\n    filename\n    s3Url\n    status\n    statusMessage\n    markerName\n    point {\n      coordinates\n    }\n    height\n    antennaHeight\n    interval\n    rinexVersion\n    startTimestamp\n    endTimestamp\n    created\n    files {\n      name\n      kind\n      rinexVersion\n      size\n    }\n    trajectoryProcessingRuns {\n      ...TrajectoryRunFields\n    }\n  }\n"): (typeof documents)["\n  fragment BasestationFields on Basestation {\n    id\n    projectId\n    filename\n    s3Url\n    status\n    statusMessage\n    markerName\n    point {\n      coordinates\n    }\n    height\n    antennaHeight\n    interval\n    rinexVersion\n    startTimestamp\n    endTimestamp\n    created\n    files {\n      name\n      kind\n      rinexVersion\n      size\n    }\n    trajectoryProcessingRuns {\n      ...TrajectoryRunFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BasestationsForProject($projectId: ID!) {\n    basestationsForProject(projectId: $projectId) {\n      ...BasestationFields\n    }\n  }\n"): (typeof documents)["\n  query BasestationsForProject($projectId: ID!) {\n    basestationsForProject(projectId: $projectId) {\n      ...BasestationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BasestationUploadSignedUrl($filename: String!, $size: Float!, $projectId: ID!) {\n    getBasestationUploadSignedURL(filename: $filename, size: $size, projectId: $projectId) {\n      s3Uri\n      uploadUrl\n    }\n  }\n"): (typeof documents)["\n  query BasestationUploadSignedUrl($filename: String!, $size: Float!, $projectId: ID!) {\n    getBasestationUploadSignedURL(filename: $filename, size: $size, projectId: $projectId) {\n      s3Uri\n      uploadUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterUploadedBasestationFile($projectId: ID!, $filename: String!) {\n    registerUploadedBasestationFile(projectId: $projectId, filename: $filename) {\n      ...BasestationFields\n    }\n  }\n"): (typeof documents)["\n  mutation RegisterUploadedBasestationFile($projectId: ID!, $filename: String!) {\n    registerUploadedBasestationFile(projectId: $projectId, filename: $filename) {\n      ...BasestationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteBasestation($id: ID!) {\n    deleteBasestation(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteBasestation($id: ID!) {\n    deleteBasestation(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AssignmentOrganizations {\n    organizations {\n      id\n      name\n      devices {\n        id\n        name\n      }\n      projects {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query AssignmentOrganizations {\n    organizations {\n      id\n      name\n      devices {\n        id\n        name\n      }\n      projects {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DeviceAssignments($organizationId: ID) {\n    deviceAssignments(organizationId: $organizationId) {\n      id\n      deviceId\n      projectId\n      from\n      to\n      placedSessions\n      project {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query DeviceAssignments($organizationId: ID) {\n    deviceAssignments(organizationId: $organizationId) {\n      id\n      deviceId\n      projectId\n      from\n      to\n      placedSessions\n      project {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDeviceAssignment($deviceId: ID!, $projectId: ID!, $from: DateTime!, $to: DateTime) {\n    createDeviceAssignment(deviceId: $deviceId, projectId: $projectId, from: $from, to: $to) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDeviceAssignment($deviceId: ID!, $projectId: ID!, $from: DateTime!, $to: DateTime) {\n    createDeviceAssignment(deviceId: $deviceId, projectId: $projectId, from: $from, to: $to) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDeviceAssignment(\n    $id: ID!\n    $deviceId: ID!\n    $projectId: ID!\n    $from: DateTime!\n    $to: DateTime\n  ) {\n    updateDeviceAssignment(\n      id: $id\n      deviceId: $deviceId\n      projectId: $projectId\n      from: $from\n      to: $to\n    ) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDeviceAssignment(\n    $id: ID!\n    $deviceId: ID!\n    $projectId: ID!\n    $from: DateTime!\n    $to: DateTime\n  ) {\n    updateDeviceAssignment(\n      id: $id\n      deviceId: $deviceId\n      projectId: $projectId\n      from: $from\n      to: $to\n    ) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDeviceAssignment($id: ID!) {\n    deleteDeviceAssignment(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteDeviceAssignment($id: ID!) {\n    deleteDeviceAssignment(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UnassignedScans($organizationId: ID) {\n    unassignedScans(organizationId: $organizationId) {\n      id\n      sessionId\n      deviceId\n      friendlyName\n      capturedTimestamp\n      endCapturedTimestamp\n    }\n  }\n"): (typeof documents)["\n  query UnassignedScans($organizationId: ID) {\n    unassignedScans(organizationId: $organizationId) {\n      id\n      sessionId\n      deviceId\n      friendlyName\n      capturedTimestamp\n      endCapturedTimestamp\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AssignSessionToProject($sessionId: String!, $projectId: ID!) {\n    assignSessionToProject(sessionId: $sessionId, projectId: $projectId) {\n      sessionId\n      projectId\n      scanCount\n    }\n  }\n"): (typeof documents)["\n  mutation AssignSessionToProject($sessionId: String!, $projectId: ID!) {\n    assignSessionToProject(sessionId: $sessionId, projectId: $projectId) {\n      sessionId\n      projectId\n      scanCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ImportedScanFields on ImportedScan {\n    id\n    friendlyName\n    comment\n    tags\n    projectId\n    metadata\n    artifacts {\n      id\n      artifactType\n      name\n      status\n    }\n    capturedTimestamp\n    trajectory\n    sourceS3Url\n    status\n    processingStatus\n    processingMessage\n  }\n"): (typeof documents)["\n  fragment ImportedScanFields on ImportedScan {\n    id\n    friendlyName\n    comment\n    tags\n    projectId\n    metadata\n    artifacts {\n      id\n      artifactType\n      name\n      status\n    }\n    capturedTimestamp\n    trajectory\n    sourceS3Url\n    status\n    processingStatus\n    processingMessage\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportedScansForProject($projectId: ID!) {\n    importedScansForProject(projectId: $projectId) {\n      ...ImportedScanFields\n    }\n  }\n"): (typeof documents)["\n  query ImportedScansForProject($projectId: ID!) {\n    importedScansForProject(projectId: $projectId) {\n      ...ImportedScanFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateImportedScan(\n    $friendlyName: String!\n    $comment: String\n    $projectId: ID!\n    $metadata: JSON!\n    $capturedTimestamp: DateTime\n  ) {\n    createImportedScan(\n      friendlyName: $friendlyName\n      comment: $comment\n      projectId: $projectId\n      metadata: $metadata\n      capturedTimestamp: $capturedTimestamp\n    ) {\n      ...ImportedScanFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateImportedScan(\n    $friendlyName: String!\n    $comment: String\n    $projectId: ID!\n    $metadata: JSON!\n    $capturedTimestamp: DateTime\n  ) {\n    createImportedScan(\n      friendlyName: $friendlyName\n      comment: $comment\n      projectId: $projectId\n      metadata: $metadata\n      capturedTimestamp: $capturedTimestamp\n    ) {\n      ...ImportedScanFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportScanUploadSignedUrl($importedScanId: ID!, $filename: String!, $size: Float!) {\n    getImportScanUploadSignedURL(importedScanId: $importedScanId, filename: $filename, size: $size) {\n      s3Uri\n      uploadUrl\n    }\n  }\n"): (typeof documents)["\n  query ImportScanUploadSignedUrl($importedScanId: ID!, $filename: String!, $size: Float!) {\n    getImportScanUploadSignedURL(importedScanId: $importedScanId, filename: $filename, size: $size) {\n      s3Uri\n      uploadUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ImportScanUploadMultipartInfo(\n    $importedScanId: ID!\n    $filename: String!\n    $numberOfParts: Int!\n    $size: Float!\n  ) {\n    getImportScanUploadMultipartInfo(\n      importedScanId: $importedScanId\n      filename: $filename\n      numberOfParts: $numberOfParts\n      size: $size\n    ) {\n      s3Uri\n      uploadId\n      parts {\n        partNumber\n        signedUrl\n      }\n    }\n  }\n"): (typeof documents)["\n  query ImportScanUploadMultipartInfo(\n    $importedScanId: ID!\n    $filename: String!\n    $numberOfParts: Int!\n    $size: Float!\n  ) {\n    getImportScanUploadMultipartInfo(\n      importedScanId: $importedScanId\n      filename: $filename\n      numberOfParts: $numberOfParts\n      size: $size\n    ) {\n      s3Uri\n      uploadId\n      parts {\n        partNumber\n        signedUrl\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CompleteImportScanUploadMultipart(\n    $importedScanId: ID!\n    $filename: String!\n    $uploadId: String!\n    $eTags: String!\n  ) {\n    completeImportScanUploadMultipart(\n      importedScanId: $importedScanId\n      filename: $filename\n      uploadId: $uploadId\n      eTags: $eTags\n    )\n  }\n"): (typeof documents)["\n  mutation CompleteImportScanUploadMultipart(\n    $importedScanId: ID!\n    $filename: String!\n    $uploadId: String!\n    $eTags: String!\n  ) {\n    completeImportScanUploadMultipart(\n      importedScanId: $importedScanId\n      filename: $filename\n      uploadId: $uploadId\n      eTags: $eTags\n    )\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ProcessImportedScan(\n    $importedScanId: ID!\n    $s3Url: String!\n    $determineTrajectory: Boolean!\n  ) {\n    processImportedScan(\n      importedScanId: $importedScanId\n      s3Url: $s3Url\n      determineTrajectory: $determineTrajectory\n    ) {\n      ...ImportedScanFields\n    }\n  }\n"): (typeof documents)["\n  mutation ProcessImportedScan(\n    $importedScanId: ID!\n    $s3Url: String!\n    $determineTrajectory: Boolean!\n  ) {\n    processImportedScan(\n      importedScanId: $importedScanId\n      s3Url: $s3Url\n      determineTrajectory: $determineTrajectory\n    ) {\n      ...ImportedScanFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateImportedScanHeader(\n    $id: ID!\n    $friendlyName: String\n    $comment: String\n    $metadata: JSON\n  ) {\n    updateScanHeader(id: $id, friendlyName: $friendlyName, comment: $comment, metadata: $metadata) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateImportedScanHeader(\n    $id: ID!\n    $friendlyName: String\n    $comment: String\n    $metadata: JSON\n  ) {\n    updateScanHeader(id: $id, friendlyName: $friendlyName, comment: $comment, metadata: $metadata) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteImportedScan($id: ID!) {\n    deleteImportedScan(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteImportedScan($id: ID!) {\n    deleteImportedScan(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LayerGroupFields on Vendor {\n    id\n    name\n    description\n    projectId\n    lastModified\n    canChange\n  }\n"): (typeof documents)["\n  fragment LayerGroupFields on Vendor {\n    id\n    name\n    description\n    projectId\n    lastModified\n    canChange\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LayerGroups($projectId: ID) {\n    vendors(projectId: $projectId) {\n      ...LayerGroupFields\n    }\n  }\n"): (typeof documents)["\n  query LayerGroups($projectId: ID) {\n    vendors(projectId: $projectId) {\n      ...LayerGroupFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GroupLayerChoices($projectId: ID!) {\n    projectLayers(projectId: $projectId) {\n      id\n      name\n      vendorId\n      vendor {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query GroupLayerChoices($projectId: ID!) {\n    projectLayers(projectId: $projectId) {\n      id\n      name\n      vendorId\n      vendor {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateLayerGroup($name: String!, $description: String, $projectId: ID) {\n    createVendor(name: $name, description: $description, projectId: $projectId) {\n      ...LayerGroupFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateLayerGroup($name: String!, $description: String, $projectId: ID) {\n    createVendor(name: $name, description: $description, projectId: $projectId) {\n      ...LayerGroupFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateLayerGroupDetails(\n    $id: ID!\n    $name: String\n    $description: String\n    $projectId: ID\n  ) {\n    updateVendor(id: $id, name: $name, description: $description, projectId: $projectId) {\n      ...LayerGroupFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateLayerGroupDetails(\n    $id: ID!\n    $name: String\n    $description: String\n    $projectId: ID\n  ) {\n    updateVendor(id: $id, name: $name, description: $description, projectId: $projectId) {\n      ...LayerGroupFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteLayerGroup($id: ID!) {\n    deleteVendor(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteLayerGroup($id: ID!) {\n    deleteVendor(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AssignLayerGroup($layerId: ID!, $vendorId: ID) {\n    updateLayerGroup(layerId: $layerId, vendorId: $vendorId) {\n      id\n      vendorId\n      vendor {\n        id\n        name\n      }\n      lastModified\n    }\n  }\n"): (typeof documents)["\n  mutation AssignLayerGroup($layerId: ID!, $vendorId: ID) {\n    updateLayerGroup(layerId: $layerId, vendorId: $vendorId) {\n      id\n      vendorId\n      vendor {\n        id\n        name\n      }\n      lastModified\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LayerRowFields on ProjectLayer {\n    id\n    projectId\n    name\n    comments\n    layers\n    ignore\n    showByDefault\n    featureCount\n    sourceBytes\n    vendorId\n    vendor {\n      id\n      name\n    }\n    lastModified\n  }\n"): (typeof documents)["\n  fragment LayerRowFields on ProjectLayer {\n    id\n    projectId\n    name\n    comments\n    layers\n    ignore\n    showByDefault\n    featureCount\n    sourceBytes\n    vendorId\n    vendor {\n      id\n      name\n    }\n    lastModified\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectLayers($projectId: ID!) {\n    projectLayers(projectId: $projectId) {\n      ...LayerRowFields\n    }\n  }\n"): (typeof documents)["\n  query ProjectLayers($projectId: ID!) {\n    projectLayers(projectId: $projectId) {\n      ...LayerRowFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LayerGroupChoices($projectId: ID!) {\n    vendors(projectId: $projectId) {\n      id\n      name\n      description\n      projectId\n      lastModified\n    }\n  }\n"): (typeof documents)["\n  query LayerGroupChoices($projectId: ID!) {\n    vendors(projectId: $projectId) {\n      id\n      name\n      description\n      projectId\n      lastModified\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectLayer($id: ID!) {\n    projectLayer(id: $id) {\n      ...LayerRowFields\n      source\n    }\n  }\n"): (typeof documents)["\n  query ProjectLayer($id: ID!) {\n    projectLayer(id: $id) {\n      ...LayerRowFields\n      source\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProjectLayer(\n    $projectId: ID!\n    $name: String!\n    $comments: String\n    $source: String!\n    $layers: String\n    $ignore: Boolean\n    $showByDefault: Boolean\n    $vendorId: ID\n  ) {\n    createProjectLayer(\n      projectId: $projectId\n      name: $name\n      comments: $comments\n      source: $source\n      layers: $layers\n      ignore: $ignore\n      showByDefault: $showByDefault\n      vendorId: $vendorId\n    ) {\n      ...LayerRowFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProjectLayer(\n    $projectId: ID!\n    $name: String!\n    $comments: String\n    $source: String!\n    $layers: String\n    $ignore: Boolean\n    $showByDefault: Boolean\n    $vendorId: ID\n  ) {\n    createProjectLayer(\n      projectId: $projectId\n      name: $name\n      comments: $comments\n      source: $source\n      layers: $layers\n      ignore: $ignore\n      showByDefault: $showByDefault\n      vendorId: $vendorId\n    ) {\n      ...LayerRowFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProjectLayer(\n    $id: ID!\n    $name: String\n    $comments: String\n    $source: String\n    $layers: String\n    $ignore: Boolean\n    $showByDefault: Boolean\n  ) {\n    updateProjectLayer(\n      id: $id\n      name: $name\n      comments: $comments\n      source: $source\n      layers: $layers\n      ignore: $ignore\n      showByDefault: $showByDefault\n    ) {\n      ...LayerRowFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProjectLayer(\n    $id: ID!\n    $name: String\n    $comments: String\n    $source: String\n    $layers: String\n    $ignore: Boolean\n    $showByDefault: Boolean\n  ) {\n    updateProjectLayer(\n      id: $id\n      name: $name\n      comments: $comments\n      source: $source\n      layers: $layers\n      ignore: $ignore\n      showByDefault: $showByDefault\n    ) {\n      ...LayerRowFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProjectLayer($id: ID!) {\n    deleteProjectLayer(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteProjectLayer($id: ID!) {\n    deleteProjectLayer(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateLayerGroup($layerId: ID!, $vendorId: ID) {\n    updateLayerGroup(layerId: $layerId, vendorId: $vendorId) {\n      ...LayerRowFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateLayerGroup($layerId: ID!, $vendorId: ID) {\n    updateLayerGroup(layerId: $layerId, vendorId: $vendorId) {\n      ...LayerRowFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BucketFields on Bucket {\n    id\n    name\n    endpoint\n    region\n    bucket\n    prefix\n    forcePathStyle\n    hasCredentials\n  }\n"): (typeof documents)["\n  fragment BucketFields on Bucket {\n    id\n    name\n    endpoint\n    region\n    bucket\n    prefix\n    forcePathStyle\n    hasCredentials\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationBuckets($organizationId: ID) {\n    buckets(organizationId: $organizationId) {\n      ...BucketFields\n    }\n  }\n"): (typeof documents)["\n  query OrganizationBuckets($organizationId: ID) {\n    buckets(organizationId: $organizationId) {\n      ...BucketFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateBucket(\n    $organizationId: ID!\n    $name: String!\n    $endpoint: String\n    $region: String!\n    $bucket: String!\n    $prefix: String\n    $forcePathStyle: Boolean\n    $accessKeyId: String\n    $secretAccessKey: String\n  ) {\n    createBucket(\n      organizationId: $organizationId\n      name: $name\n      endpoint: $endpoint\n      region: $region\n      bucket: $bucket\n      prefix: $prefix\n      forcePathStyle: $forcePathStyle\n      accessKeyId: $accessKeyId\n      secretAccessKey: $secretAccessKey\n    ) {\n      ...BucketFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateBucket(\n    $organizationId: ID!\n    $name: String!\n    $endpoint: String\n    $region: String!\n    $bucket: String!\n    $prefix: String\n    $forcePathStyle: Boolean\n    $accessKeyId: String\n    $secretAccessKey: String\n  ) {\n    createBucket(\n      organizationId: $organizationId\n      name: $name\n      endpoint: $endpoint\n      region: $region\n      bucket: $bucket\n      prefix: $prefix\n      forcePathStyle: $forcePathStyle\n      accessKeyId: $accessKeyId\n      secretAccessKey: $secretAccessKey\n    ) {\n      ...BucketFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateBucket(\n    $id: ID!\n    $name: String!\n    $endpoint: String\n    $region: String!\n    $bucket: String!\n    $prefix: String\n    $forcePathStyle: Boolean\n    $accessKeyId: String\n    $secretAccessKey: String\n  ) {\n    updateBucket(\n      id: $id\n      name: $name\n      endpoint: $endpoint\n      region: $region\n      bucket: $bucket\n      prefix: $prefix\n      forcePathStyle: $forcePathStyle\n      accessKeyId: $accessKeyId\n      secretAccessKey: $secretAccessKey\n    ) {\n      ...BucketFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateBucket(\n    $id: ID!\n    $name: String!\n    $endpoint: String\n    $region: String!\n    $bucket: String!\n    $prefix: String\n    $forcePathStyle: Boolean\n    $accessKeyId: String\n    $secretAccessKey: String\n  ) {\n    updateBucket(\n      id: $id\n      name: $name\n      endpoint: $endpoint\n      region: $region\n      bucket: $bucket\n      prefix: $prefix\n      forcePathStyle: $forcePathStyle\n      accessKeyId: $accessKeyId\n      secretAccessKey: $secretAccessKey\n    ) {\n      ...BucketFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteBucket($id: ID!) {\n    deleteBucket(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteBucket($id: ID!) {\n    deleteBucket(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestBucketConnection($id: ID!) {\n    testBucketConnection(id: $id) {\n      ok\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation TestBucketConnection($id: ID!) {\n    testBucketConnection(id: $id) {\n      ok\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestBucketSettings(\n    $id: ID\n    $endpoint: String\n    $region: String!\n    $bucket: String!\n    $prefix: String\n    $forcePathStyle: Boolean\n    $accessKeyId: String\n    $secretAccessKey: String\n  ) {\n    testBucketSettings(\n      id: $id\n      endpoint: $endpoint\n      region: $region\n      bucket: $bucket\n      prefix: $prefix\n      forcePathStyle: $forcePathStyle\n      accessKeyId: $accessKeyId\n      secretAccessKey: $secretAccessKey\n    ) {\n      ok\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation TestBucketSettings(\n    $id: ID\n    $endpoint: String\n    $region: String!\n    $bucket: String!\n    $prefix: String\n    $forcePathStyle: Boolean\n    $accessKeyId: String\n    $secretAccessKey: String\n  ) {\n    testBucketSettings(\n      id: $id\n      endpoint: $endpoint\n      region: $region\n      bucket: $bucket\n      prefix: $prefix\n      forcePathStyle: $forcePathStyle\n      accessKeyId: $accessKeyId\n      secretAccessKey: $secretAccessKey\n    ) {\n      ok\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganizationsAdmin {\n    organizations {\n      id\n      name\n      devices {\n        id\n        name\n      }\n      buckets {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrganizationsAdmin {\n    organizations {\n      id\n      name\n      devices {\n        id\n        name\n      }\n      buckets {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DeviceOptions {\n    devices {\n      id\n      name\n      organization {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query DeviceOptions {\n    devices {\n      id\n      name\n      organization {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOrganization($name: String!, $deviceIds: [ID!]) {\n    createOrganization(name: $name, deviceIds: $deviceIds) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateOrganization($name: String!, $deviceIds: [ID!]) {\n    createOrganization(name: $name, deviceIds: $deviceIds) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOrganization($id: ID!, $name: String!, $deviceIds: [ID!]) {\n    updateOrganization(id: $id, name: $name, deviceIds: $deviceIds) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateOrganization($id: ID!, $name: String!, $deviceIds: [ID!]) {\n    updateOrganization(id: $id, name: $name, deviceIds: $deviceIds) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteOrganization($id: ID!) {\n    deleteOrganization(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteOrganization($id: ID!) {\n    deleteOrganization(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterDevice($id: String!, $name: String!, $organizationId: ID!) {\n    registerDevice(id: $id, name: $name, organizationId: $organizationId) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation RegisterDevice($id: String!, $name: String!, $organizationId: ID!) {\n    registerDevice(id: $id, name: $name, organizationId: $organizationId) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PipelineFields on Pipeline {\n    id\n    name\n    description\n    pipeline\n    dependencies\n    global\n    lastModified\n    engineErrors\n    project {\n      id\n    }\n  }\n"): (typeof documents)["\n  fragment PipelineFields on Pipeline {\n    id\n    name\n    description\n    pipeline\n    dependencies\n    global\n    lastModified\n    engineErrors\n    project {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PipelinesByProject($projectId: ID!) {\n    pipelineByProject(projectId: $projectId) {\n      ...PipelineFields\n    }\n  }\n"): (typeof documents)["\n  query PipelinesByProject($projectId: ID!) {\n    pipelineByProject(projectId: $projectId) {\n      ...PipelineFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePipeline(\n    $projectId: ID\n    $name: String\n    $description: String\n    $pipeline: String\n    $dependencies: [String!]\n    $global: Boolean\n  ) {\n    createPipeline(\n      projectId: $projectId\n      name: $name\n      description: $description\n      pipeline: $pipeline\n      dependencies: $dependencies\n      global: $global\n    ) {\n      ...PipelineFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePipeline(\n    $projectId: ID\n    $name: String\n    $description: String\n    $pipeline: String\n    $dependencies: [String!]\n    $global: Boolean\n  ) {\n    createPipeline(\n      projectId: $projectId\n      name: $name\n      description: $description\n      pipeline: $pipeline\n      dependencies: $dependencies\n      global: $global\n    ) {\n      ...PipelineFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePipeline(\n    $id: ID!\n    $projectId: ID\n    $name: String\n    $description: String\n    $pipeline: String\n    $dependencies: [String!]\n    $global: Boolean\n  ) {\n    updatePipeline(\n      id: $id\n      projectId: $projectId\n      name: $name\n      description: $description\n      pipeline: $pipeline\n      dependencies: $dependencies\n      global: $global\n    ) {\n      ...PipelineFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePipeline(\n    $id: ID!\n    $projectId: ID\n    $name: String\n    $description: String\n    $pipeline: String\n    $dependencies: [String!]\n    $global: Boolean\n  ) {\n    updatePipeline(\n      id: $id\n      projectId: $projectId\n      name: $name\n      description: $description\n      pipeline: $pipeline\n      dependencies: $dependencies\n      global: $global\n    ) {\n      ...PipelineFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeletePipeline($id: ID!) {\n    deletePipeline(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeletePipeline($id: ID!) {\n    deletePipeline(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProcessingEntries($pageSize: Int) {\n    activityLogs(pageSize: $pageSize, sort: \"lastModified:desc\", activityTypeFilter: \"ScanProcessing\") {\n      items {\n        id\n        status\n        message\n        payload\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProcessingEntries($pageSize: Int) {\n    activityLogs(pageSize: $pageSize, sort: \"lastModified:desc\", activityTypeFilter: \"ScanProcessing\") {\n      items {\n        id\n        status\n        message\n        payload\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProcessingPdalCheck($submission: PdalSubmission!) {\n    pdal(submission: $submission) {\n      ok\n      errors\n      stages {\n        type\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProcessingPdalCheck($submission: PdalSubmission!) {\n    pdal(submission: $submission) {\n      ok\n      errors\n      stages {\n        type\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ProcessScans($submission: ProcessingSubmission!) {\n    processScans(submission: $submission) {\n      submitted\n    }\n  }\n"): (typeof documents)["\n  mutation ProcessScans($submission: ProcessingSubmission!) {\n    processScans(submission: $submission) {\n      submitted\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PublishScans(\n    $projectId: ID!\n    $bucketId: ID!\n    $targetFolder: String!\n    $includeImages: Boolean!\n    $transform: Boolean!\n    $scans: [PublishScanInput!]!\n  ) {\n    publishScans(\n      projectId: $projectId\n      bucketId: $bucketId\n      targetFolder: $targetFolder\n      includeImages: $includeImages\n      transform: $transform\n      scans: $scans\n    ) {\n      submitted\n    }\n  }\n"): (typeof documents)["\n  mutation PublishScans(\n    $projectId: ID!\n    $bucketId: ID!\n    $targetFolder: String!\n    $includeImages: Boolean!\n    $transform: Boolean!\n    $scans: [PublishScanInput!]!\n  ) {\n    publishScans(\n      projectId: $projectId\n      bucketId: $bucketId\n      targetFolder: $targetFolder\n      includeImages: $includeImages\n      transform: $transform\n      scans: $scans\n    ) {\n      submitted\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PublishScan(\n    $projectId: ID!\n    $bucketId: ID!\n    $targetFolder: String!\n    $includeImages: Boolean!\n    $transform: Boolean!\n    $scan: PublishScanInput!\n  ) {\n    publishScan(\n      projectId: $projectId\n      bucketId: $bucketId\n      targetFolder: $targetFolder\n      includeImages: $includeImages\n      transform: $transform\n      scan: $scan\n    ) {\n      submitted\n    }\n  }\n"): (typeof documents)["\n  mutation PublishScan(\n    $projectId: ID!\n    $bucketId: ID!\n    $targetFolder: String!\n    $includeImages: Boolean!\n    $transform: Boolean!\n    $scan: PublishScanInput!\n  ) {\n    publishScan(\n      projectId: $projectId\n      bucketId: $bucketId\n      targetFolder: $targetFolder\n      includeImages: $includeImages\n      transform: $transform\n      scan: $scan\n    ) {\n      submitted\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublishProject($id: ID!) {\n    project(id: $id) {\n      id\n      name\n      projection\n      organization {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query PublishProject($id: ID!) {\n    project(id: $id) {\n      id\n      name\n      projection\n      organization {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ScansWithoutStoredCloud($scanIds: [ID!]!) {\n    scansWithoutStoredCloud(scanIds: $scanIds)\n  }\n"): (typeof documents)["\n  query ScansWithoutStoredCloud($scanIds: [ID!]!) {\n    scansWithoutStoredCloud(scanIds: $scanIds)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublishBuckets($organizationId: ID) {\n    buckets(organizationId: $organizationId) {\n      id\n      name\n      prefix\n    }\n  }\n"): (typeof documents)["\n  query PublishBuckets($organizationId: ID) {\n    buckets(organizationId: $organizationId) {\n      id\n      name\n      prefix\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublishedScans($projectId: ID!, $bucketId: ID!, $targetFolder: String!, $scanIds: [ID!]!) {\n    publishedScans(\n      projectId: $projectId\n      bucketId: $bucketId\n      targetFolder: $targetFolder\n      scanIds: $scanIds\n    )\n  }\n"): (typeof documents)["\n  query PublishedScans($projectId: ID!, $bucketId: ID!, $targetFolder: String!, $scanIds: [ID!]!) {\n    publishedScans(\n      projectId: $projectId\n      bucketId: $bucketId\n      targetFolder: $targetFolder\n      scanIds: $scanIds\n    )\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GeoidGridUploadSignedURL($filename: String!, $size: Float!) {\n    getGeoidGridUploadSignedURL(filename: $filename, size: $size) {\n      s3Uri\n      uploadUrl\n    }\n  }\n"): (typeof documents)["\n  mutation GeoidGridUploadSignedURL($filename: String!, $size: Float!) {\n    getGeoidGridUploadSignedURL(filename: $filename, size: $size) {\n      s3Uri\n      uploadUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterGeoidGrid($filename: String!) {\n    registerGeoidGrid(filename: $filename) {\n      name\n      format\n    }\n  }\n"): (typeof documents)["\n  mutation RegisterGeoidGrid($filename: String!) {\n    registerGeoidGrid(filename: $filename) {\n      name\n      format\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectList {\n    projects {\n      id\n      name\n      comments\n      active\n      organization {\n        id\n        name\n      }\n      utm\n      projection\n      geoidGridFile\n      helmertParameters\n      tagOptions\n      from\n      to\n    }\n  }\n"): (typeof documents)["\n  query ProjectList {\n    projects {\n      id\n      name\n      comments\n      active\n      organization {\n        id\n        name\n      }\n      utm\n      projection\n      geoidGridFile\n      helmertParameters\n      tagOptions\n      from\n      to\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectOrganizations {\n    organizations {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query ProjectOrganizations {\n    organizations {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GeoidGridFiles {\n    getGeoidGridFiles\n  }\n"): (typeof documents)["\n  query GeoidGridFiles {\n    getGeoidGridFiles\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateProject(\n    $name: String!, $comments: String, $active: Boolean, $organizationId: ID,\n    $tagOptions: [String!], $projection: String, $helmertParameters: String,\n    $geoidGridFile: String, $utm: JSON, $classifiers: String\n  ) {\n    createProject(\n      name: $name, comments: $comments, active: $active, organizationId: $organizationId,\n      tagOptions: $tagOptions, projection: $projection, helmertParameters: $helmertParameters,\n      geoidGridFile: $geoidGridFile, utm: $utm, classifiers: $classifiers\n    ) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateProject(\n    $name: String!, $comments: String, $active: Boolean, $organizationId: ID,\n    $tagOptions: [String!], $projection: String, $helmertParameters: String,\n    $geoidGridFile: String, $utm: JSON, $classifiers: String\n  ) {\n    createProject(\n      name: $name, comments: $comments, active: $active, organizationId: $organizationId,\n      tagOptions: $tagOptions, projection: $projection, helmertParameters: $helmertParameters,\n      geoidGridFile: $geoidGridFile, utm: $utm, classifiers: $classifiers\n    ) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateProject(\n    $id: ID!, $name: String!, $comments: String, $active: Boolean, $organizationId: ID,\n    $tagOptions: [String!], $projection: String, $helmertParameters: String,\n    $geoidGridFile: String, $utm: JSON, $classifiers: String\n  ) {\n    updateProject(\n      id: $id, name: $name, comments: $comments, active: $active, organizationId: $organizationId,\n      tagOptions: $tagOptions, projection: $projection, helmertParameters: $helmertParameters,\n      geoidGridFile: $geoidGridFile, utm: $utm, classifiers: $classifiers\n    ) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateProject(\n    $id: ID!, $name: String!, $comments: String, $active: Boolean, $organizationId: ID,\n    $tagOptions: [String!], $projection: String, $helmertParameters: String,\n    $geoidGridFile: String, $utm: JSON, $classifiers: String\n  ) {\n    updateProject(\n      id: $id, name: $name, comments: $comments, active: $active, organizationId: $organizationId,\n      tagOptions: $tagOptions, projection: $projection, helmertParameters: $helmertParameters,\n      geoidGridFile: $geoidGridFile, utm: $utm, classifiers: $classifiers\n    ) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteProject($id: ID!) {\n    deleteProject(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteProject($id: ID!) {\n    deleteProject(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Projects {\n    projects {\n      id\n      name\n      utm\n      organization {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query Projects {\n    projects {\n      id\n      name\n      utm\n      organization {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ScanActionsScan($id: ID!) {\n    scan(id: $id) {\n      id\n      friendlyName\n      comment\n      tags\n      defaultVersion\n      sessionId\n      projectId\n      metadata\n      artifacts {\n        id\n        artifactType\n        name\n        status\n        parameters\n      }\n    }\n  }\n"): (typeof documents)["\n  query ScanActionsScan($id: ID!) {\n    scan(id: $id) {\n      id\n      friendlyName\n      comment\n      tags\n      defaultVersion\n      sessionId\n      projectId\n      metadata\n      artifacts {\n        id\n        artifactType\n        name\n        status\n        parameters\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ScanActionsProject($id: ID!) {\n    project(id: $id) {\n      id\n      tagOptions\n      organization {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  query ScanActionsProject($id: ID!) {\n    project(id: $id) {\n      id\n      tagOptions\n      organization {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ScanActionsBuckets($organizationId: ID) {\n    buckets(organizationId: $organizationId) {\n      id\n    }\n  }\n"): (typeof documents)["\n  query ScanActionsBuckets($organizationId: ID) {\n    buckets(organizationId: $organizationId) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateScanHeader(\n    $id: ID!\n    $friendlyName: String\n    $comment: String\n    $defaultVersion: String\n    $tags: [String!]\n  ) {\n    updateScanHeader(\n      id: $id\n      friendlyName: $friendlyName\n      comment: $comment\n      defaultVersion: $defaultVersion\n      tags: $tags\n    ) {\n      id\n      friendlyName\n      comment\n      tags\n      defaultVersion\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateScanHeader(\n    $id: ID!\n    $friendlyName: String\n    $comment: String\n    $defaultVersion: String\n    $tags: [String!]\n  ) {\n    updateScanHeader(\n      id: $id\n      friendlyName: $friendlyName\n      comment: $comment\n      defaultVersion: $defaultVersion\n      tags: $tags\n    ) {\n      id\n      friendlyName\n      comment\n      tags\n      defaultVersion\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteScan($id: ID!) {\n    deleteScan(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteScan($id: ID!) {\n    deleteScan(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MostRecentArtifactForDownload($id: ID!) {\n    getMostRecentArtifactForDownload(id: $id) {\n      artifactId\n      artifactType\n      name\n      url\n      filename\n    }\n  }\n"): (typeof documents)["\n  query MostRecentArtifactForDownload($id: ID!) {\n    getMostRecentArtifactForDownload(id: $id) {\n      artifactId\n      artifactType\n      name\n      url\n      filename\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TrajectoryRunFields on TrajectoryProcessingRun {\n    id\n    sessionId\n    basestationIds\n    status\n    statusMessge\n    logS3Url\n    ambStatusS3Url\n    altitudeSeparationsS3Url\n    distanceSeparationsS3Url\n    numSatsS3Url\n    trajectoryAuditS3Url\n    versionName\n    metrics\n    submitted\n    started\n    completed\n  }\n"): (typeof documents)["\n  fragment TrajectoryRunFields on TrajectoryProcessingRun {\n    id\n    sessionId\n    basestationIds\n    status\n    statusMessge\n    logS3Url\n    ambStatusS3Url\n    altitudeSeparationsS3Url\n    distanceSeparationsS3Url\n    numSatsS3Url\n    trajectoryAuditS3Url\n    versionName\n    metrics\n    submitted\n    started\n    completed\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TrajectorySessionSummary($projectId: ID!) {\n    sessionSummary(projectId: $projectId) {\n      projectId\n      sessionId\n      assignmentType\n      capturedTimestamp\n      endCapturedTimestamp\n      status\n      scanCount\n      roverObservation\n      trajectoryProcessingRuns {\n        ...TrajectoryRunFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query TrajectorySessionSummary($projectId: ID!) {\n    sessionSummary(projectId: $projectId) {\n      projectId\n      sessionId\n      assignmentType\n      capturedTimestamp\n      endCapturedTimestamp\n      status\n      scanCount\n      roverObservation\n      trajectoryProcessingRuns {\n        ...TrajectoryRunFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TrajectoryProcessingAvailability {\n    trajectoryProcessingAvailability {\n      available\n      message\n    }\n  }\n"): (typeof documents)["\n  query TrajectoryProcessingAvailability {\n    trajectoryProcessingAvailability {\n      available\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PotentialBasestations($sessionId: String!) {\n    potentialBasestations(sessionId: $sessionId) {\n      basestation {\n        id\n        filename\n        markerName\n        startTimestamp\n        endTimestamp\n        point {\n          coordinates\n        }\n      }\n      session {\n        sessionId\n        timestamps\n        scanCount\n        startPoint\n        endPoint\n      }\n      distance\n      recommended\n      ownReceiver\n    }\n  }\n"): (typeof documents)["\n  query PotentialBasestations($sessionId: String!) {\n    potentialBasestations(sessionId: $sessionId) {\n      basestation {\n        id\n        filename\n        markerName\n        startTimestamp\n        endTimestamp\n        point {\n          coordinates\n        }\n      }\n      session {\n        sessionId\n        timestamps\n        scanCount\n        startPoint\n        endPoint\n      }\n      distance\n      recommended\n      ownReceiver\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TimeMatchedSessionsForBasestation($basestationId: ID!) {\n    timeMatchedSessionsForBasestation(basestationId: $basestationId) {\n      projectId\n      sessionId\n      capturedTimestamp\n      endCapturedTimestamp\n      status\n      scanCount\n    }\n  }\n"): (typeof documents)["\n  query TimeMatchedSessionsForBasestation($basestationId: ID!) {\n    timeMatchedSessionsForBasestation(basestationId: $basestationId) {\n      projectId\n      sessionId\n      capturedTimestamp\n      endCapturedTimestamp\n      status\n      scanCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSessionTrajectoryProcessingRun($input: TrajectoryProcessingRunInput!) {\n    createSessionTrajectoryProcessingRun(trajectoryProcessingRun: $input) {\n      ...TrajectoryRunFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSessionTrajectoryProcessingRun($input: TrajectoryProcessingRunInput!) {\n    createSessionTrajectoryProcessingRun(trajectoryProcessingRun: $input) {\n      ...TrajectoryRunFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SignedS3Url($s3Url: String!) {\n    getSignedS3Url(s3Url: $s3Url)\n  }\n"): (typeof documents)["\n  query SignedS3Url($s3Url: String!) {\n    getSignedS3Url(s3Url: $s3Url)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExistingPackageUploads($filenamesCsv: String!) {\n    getExistingPackageUploads(filenamesCsv: $filenamesCsv) {\n      filename\n      size\n    }\n  }\n"): (typeof documents)["\n  query ExistingPackageUploads($filenamesCsv: String!) {\n    getExistingPackageUploads(filenamesCsv: $filenamesCsv) {\n      filename\n      size\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PackageUploadSignedUrl($filename: String!, $size: Float!) {\n    getPackageUploadSignedURL(filename: $filename, size: $size) { uploadUrl key }\n  }\n"): (typeof documents)["\n  query PackageUploadSignedUrl($filename: String!, $size: Float!) {\n    getPackageUploadSignedURL(filename: $filename, size: $size) { uploadUrl key }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PackageUploadMultipartInfo($filename: String!, $numberOfParts: Int!, $size: Float!) {\n    getPackageUploadMultipartInfo(filename: $filename, numberOfParts: $numberOfParts, size: $size) {\n      uploadId parts { partNumber signedUrl }\n    }\n  }\n"): (typeof documents)["\n  query PackageUploadMultipartInfo($filename: String!, $numberOfParts: Int!, $size: Float!) {\n    getPackageUploadMultipartInfo(filename: $filename, numberOfParts: $numberOfParts, size: $size) {\n      uploadId parts { partNumber signedUrl }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PackageUploadPartUrls($filename: String!, $uploadId: String!, $partNumbers: [Int!]!) {\n    getPackageUploadPartUrls(filename: $filename, uploadId: $uploadId, partNumbers: $partNumbers) {\n      partNumber signedUrl\n    }\n  }\n"): (typeof documents)["\n  query PackageUploadPartUrls($filename: String!, $uploadId: String!, $partNumbers: [Int!]!) {\n    getPackageUploadPartUrls(filename: $filename, uploadId: $uploadId, partNumbers: $partNumbers) {\n      partNumber signedUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PackageUploadParts($filename: String!, $uploadId: String!) {\n    getPackageUploadParts(filename: $filename, uploadId: $uploadId) { partNumber eTag size }\n  }\n"): (typeof documents)["\n  query PackageUploadParts($filename: String!, $uploadId: String!) {\n    getPackageUploadParts(filename: $filename, uploadId: $uploadId) { partNumber eTag size }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CompletePackageUploadMultipart($filename: String!, $uploadId: String!,\n      $eTags: String!, $referenceKey: String) {\n    completePackageUploadMultipart(filename: $filename, uploadId: $uploadId, eTags: $eTags,\n      referenceKey: $referenceKey)\n  }\n"): (typeof documents)["\n  mutation CompletePackageUploadMultipart($filename: String!, $uploadId: String!,\n      $eTags: String!, $referenceKey: String) {\n    completePackageUploadMultipart(filename: $filename, uploadId: $uploadId, eTags: $eTags,\n      referenceKey: $referenceKey)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AbortPackageUpload($filename: String!, $uploadId: String!) {\n    abortPackageUpload(filename: $filename, uploadId: $uploadId)\n  }\n"): (typeof documents)["\n  mutation AbortPackageUpload($filename: String!, $uploadId: String!) {\n    abortPackageUpload(filename: $filename, uploadId: $uploadId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmPackageUpload($filename: String!, $referenceKey: String) {\n    confirmPackageUpload(filename: $filename, referenceKey: $referenceKey)\n  }\n"): (typeof documents)["\n  mutation ConfirmPackageUpload($filename: String!, $referenceKey: String) {\n    confirmPackageUpload(filename: $filename, referenceKey: $referenceKey)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpsertUploadLog($referenceKey: String!, $status: String!, $message: String,\n      $payload: JSON, $metrics: JSON) {\n    upsertActivityLogJob(activityType: \"PackageUpload\", referenceKey: $referenceKey,\n      status: $status, message: $message, payload: $payload, metrics: $metrics) { id }\n  }\n"): (typeof documents)["\n  mutation UpsertUploadLog($referenceKey: String!, $status: String!, $message: String,\n      $payload: JSON, $metrics: JSON) {\n    upsertActivityLogJob(activityType: \"PackageUpload\", referenceKey: $referenceKey,\n      status: $status, message: $message, payload: $payload, metrics: $metrics) { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UploadLogs(\n    $pageIndex: Int\n    $pageSize: Int\n    $statusFilter: String\n    $userIdFilter: ID\n    $isAcknowledgedFilter: Boolean\n  ) {\n    activityLogs(\n      pageIndex: $pageIndex\n      pageSize: $pageSize\n      sort: \"created:desc\"\n      activityTypeFilter: \"PackageUpload\"\n      statusFilter: $statusFilter\n      userIdFilter: $userIdFilter\n      isAcknowledgedFilter: $isAcknowledgedFilter\n    ) {\n      total\n      items {\n        ...ActivityLogFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query UploadLogs(\n    $pageIndex: Int\n    $pageSize: Int\n    $statusFilter: String\n    $userIdFilter: ID\n    $isAcknowledgedFilter: Boolean\n  ) {\n    activityLogs(\n      pageIndex: $pageIndex\n      pageSize: $pageSize\n      sort: \"created:desc\"\n      activityTypeFilter: \"PackageUpload\"\n      statusFilter: $statusFilter\n      userIdFilter: $userIdFilter\n      isAcknowledgedFilter: $isAcknowledgedFilter\n    ) {\n      total\n      items {\n        ...ActivityLogFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IngestErrors($userIdFilter: ID, $pageSize: Int) {\n    activityLogs(\n      pageIndex: 0\n      pageSize: $pageSize\n      sort: \"created:desc\"\n      activityTypeFilter: \"PackageIngest\"\n      statusFilter: \"Error\"\n      userIdFilter: $userIdFilter\n      isAcknowledgedFilter: false\n    ) {\n      total\n      items {\n        id\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  query IngestErrors($userIdFilter: ID, $pageSize: Int) {\n    activityLogs(\n      pageIndex: 0\n      pageSize: $pageSize\n      sort: \"created:desc\"\n      activityTypeFilter: \"PackageIngest\"\n      statusFilter: \"Error\"\n      userIdFilter: $userIdFilter\n      isAcknowledgedFilter: false\n    ) {\n      total\n      items {\n        id\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrgUsers {\n    orgUsers {\n      id\n      name\n      userType\n      username\n      email\n      phone\n      enabled\n      organization {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrgUsers {\n    orgUsers {\n      id\n      name\n      userType\n      username\n      email\n      phone\n      enabled\n      organization {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UserOrganizations {\n    organizations {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query UserOrganizations {\n    organizations {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOrgUser(\n    $name: String\n    $email: String\n    $phone: String\n    $username: String\n    $organizationId: ID\n  ) {\n    createOrgUser(\n      name: $name\n      email: $email\n      phone: $phone\n      username: $username\n      organizationId: $organizationId\n    ) {\n      id\n      name\n      email\n      invitationUrl\n      invitationDelivery\n    }\n  }\n"): (typeof documents)["\n  mutation CreateOrgUser(\n    $name: String\n    $email: String\n    $phone: String\n    $username: String\n    $organizationId: ID\n  ) {\n    createOrgUser(\n      name: $name\n      email: $email\n      phone: $phone\n      username: $username\n      organizationId: $organizationId\n    ) {\n      id\n      name\n      email\n      invitationUrl\n      invitationDelivery\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOrgUser(\n    $id: ID!\n    $name: String\n    $enabled: Boolean!\n    $organizationId: ID\n    $userType: String\n    $email: String\n    $phone: String\n  ) {\n    updateOrgUser(\n      id: $id\n      name: $name\n      enabled: $enabled\n      organizationId: $organizationId\n      userType: $userType\n      email: $email\n      phone: $phone\n    ) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateOrgUser(\n    $id: ID!\n    $name: String\n    $enabled: Boolean!\n    $organizationId: ID\n    $userType: String\n    $email: String\n    $phone: String\n  ) {\n    updateOrgUser(\n      id: $id\n      name: $name\n      enabled: $enabled\n      organizationId: $organizationId\n      userType: $userType\n      email: $email\n      phone: $phone\n    ) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteOrgUser($id: ID!) {\n    deleteOrgUser(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteOrgUser($id: ID!) {\n    deleteOrgUser(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AnnotationFields on Annotation {\n    id\n    scanId\n    title\n    type\n    comment\n    point {\n      type\n      coordinates\n    }\n    created\n    lastModified\n    user {\n      id\n      name\n    }\n    scan {\n      id\n      friendlyName\n    }\n  }\n"): (typeof documents)["\n  fragment AnnotationFields on Annotation {\n    id\n    scanId\n    title\n    type\n    comment\n    point {\n      type\n      coordinates\n    }\n    created\n    lastModified\n    user {\n      id\n      name\n    }\n    scan {\n      id\n      friendlyName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectAnnotations($projectId: ID!) {\n    annotations(projectId: $projectId) {\n      ...AnnotationFields\n    }\n  }\n"): (typeof documents)["\n  query ProjectAnnotations($projectId: ID!) {\n    annotations(projectId: $projectId) {\n      ...AnnotationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAnnotation($scanId: ID!, $title: String!, $type: String, $comment: String, $point: JSON!) {\n    createAnnotation(scanId: $scanId, title: $title, type: $type, comment: $comment, point: $point) {\n      ...AnnotationFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAnnotation($scanId: ID!, $title: String!, $type: String, $comment: String, $point: JSON!) {\n    createAnnotation(scanId: $scanId, title: $title, type: $type, comment: $comment, point: $point) {\n      ...AnnotationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAnnotation($id: ID!, $title: String!, $type: String, $comment: String, $point: JSON!) {\n    updateAnnotation(id: $id, title: $title, type: $type, comment: $comment, point: $point) {\n      ...AnnotationFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAnnotation($id: ID!, $title: String!, $type: String, $comment: String, $point: JSON!) {\n    updateAnnotation(id: $id, title: $title, type: $type, comment: $comment, point: $point) {\n      ...AnnotationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAnnotation($id: ID!) {\n    deleteAnnotation(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteAnnotation($id: ID!) {\n    deleteAnnotation(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ScanFrameImages($scanId: ID!, $frame: Int!) {\n    scanImageUrls(scanId: $scanId, frame: $frame) {\n      scanId\n      frame\n      lat\n      lon\n      capturedAt\n      expiresAt\n      left {\n        url\n        thumbnailUrl\n        jpegRotation\n      }\n      center {\n        url\n        thumbnailUrl\n        jpegRotation\n      }\n      right {\n        url\n        thumbnailUrl\n        jpegRotation\n      }\n    }\n  }\n"): (typeof documents)["\n  query ScanFrameImages($scanId: ID!, $frame: Int!) {\n    scanImageUrls(scanId: $scanId, frame: $frame) {\n      scanId\n      frame\n      lat\n      lon\n      capturedAt\n      expiresAt\n      left {\n        url\n        thumbnailUrl\n        jpegRotation\n      }\n      center {\n        url\n        thumbnailUrl\n        jpegRotation\n      }\n      right {\n        url\n        thumbnailUrl\n        jpegRotation\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ScanFrames($id: ID!) {\n    scan(id: $id) {\n      id\n      images {\n        id\n        frame\n        lon\n        lat\n      }\n    }\n  }\n"): (typeof documents)["\n  query ScanFrames($id: ID!) {\n    scan(id: $id) {\n      id\n      images {\n        id\n        frame\n        lon\n        lat\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PointCloudStreams($scanIds: [ID!]!) {\n    pointCloudStreams(scanIds: $scanIds) {\n      scanId\n      status\n      format\n      metadataUrl\n      hierarchyUrl\n      octreeUrl\n      expiresAt\n      crs\n      pointCount\n    }\n  }\n"): (typeof documents)["\n  query PointCloudStreams($scanIds: [ID!]!) {\n    pointCloudStreams(scanIds: $scanIds) {\n      scanId\n      status\n      format\n      metadataUrl\n      hierarchyUrl\n      octreeUrl\n      expiresAt\n      crs\n      pointCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ElevationProfile($input: ElevationProfileInput!) {\n    elevationProfile(input: $input) {\n      points\n      lengthMetres\n      pointCount\n      truncated\n    }\n  }\n"): (typeof documents)["\n  query ElevationProfile($input: ElevationProfileInput!) {\n    elevationProfile(input: $input) {\n      points\n      lengthMetres\n      pointCount\n      truncated\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ScanProject($id: ID!) {\n    scan(id: $id) {\n      id\n      projectId\n    }\n  }\n"): (typeof documents)["\n  query ScanProject($id: ID!) {\n    scan(id: $id) {\n      id\n      projectId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ViewerProjectLayers($projectId: ID!) {\n    projectLayers(projectId: $projectId) {\n      id\n      name\n      source\n      layers\n      ignore\n      showByDefault\n    }\n  }\n"): (typeof documents)["\n  query ViewerProjectLayers($projectId: ID!) {\n    projectLayers(projectId: $projectId) {\n      id\n      name\n      source\n      layers\n      ignore\n      showByDefault\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ViewerAnnotatedScans($projectId: ID) {\n    annotations(projectId: $projectId) {\n      id\n      scanId\n    }\n  }\n"): (typeof documents)["\n  query ViewerAnnotatedScans($projectId: ID) {\n    annotations(projectId: $projectId) {\n      id\n      scanId\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;