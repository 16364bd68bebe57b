export * from './catalog';
export * from './commerce';
export * from './mail';
export * from './operators';
export * from './publishing';
export * from './reviews';
export * from './uploads';
export * from './users';
