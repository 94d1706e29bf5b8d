// The resource list: a list screen from its columns, filter presets, export and query.
export { ResourceList } from './resource-list';
export type { EmptyText, ExportSpec, ResourceListProps } from './resource-list';
export { defineList, useResourceList } from './use-resource-list';
export type { ListSpec, ResourceListState } from './use-resource-list';
export { preset, APPROVAL_STATUSES } from './presets';
export { listWords } from './list-words';
export { NEWEST_FIRST } from './newest-first';
export type { ListText } from './list-words';
export type { FilterControl } from './presets';
