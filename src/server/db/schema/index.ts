export * from './catalog';
export * from './commerce';
export * from './operators';
export * from './publishing';
export * from './uploads';
export * from './users';
