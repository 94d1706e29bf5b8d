export { RecordForm } from './record-form';
export { formToRow, rowToForm, schemaFor, type FieldSpec, type FormValues } from './fields';
export { uploadSiteImage, IMAGE_TYPES, IMAGE_MAX_BYTES } from './upload';
