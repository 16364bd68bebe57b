export * from './catalog';
export * from './commerce';
export * from './publishing';
export * from './uploads';
export * from './users';
export * from './reviews';
