export * from './device-forms.ts';
export * from './form-fields.ts';
export * from './layer-forms.ts';
export * from './pipeline-forms.ts';
export * from './processing-forms.ts';
export * from './project-forms.ts';
export * from './scan-forms.ts';
export * from './user-forms.ts';
