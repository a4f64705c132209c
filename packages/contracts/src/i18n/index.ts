export * from './formatter-cache';
export * from './ids';
export * from './locale-schema';
export * from './locales';
export * from './text';
export * from './translate';
