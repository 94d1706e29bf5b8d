// Every string of the site content staff screens.
export const adminText = {
  add: 'Add',
  edit: 'Edit',
  editOf: (name: string) => `Edit ${name}`,
  delete: 'Delete',
  deleteOf: (name: string) => `Delete ${name}`,
  up: (name: string) => `Move ${name} up`,
  down: (name: string) => `Move ${name} down`,
  confirmDelete: (name: string) => `Delete “${name}”? This cannot be undone.`,
  saved: 'Saved',
  deleted: 'Deleted',
  active: 'Active',
  inactive: 'Inactive',
  activate: (name: string) => `Show ${name}`,
  deactivate: (name: string) => `Hide ${name}`,
  loadError: 'This list could not be loaded.',
  onSite: 'The public pages show changes at once.',
} as const;
