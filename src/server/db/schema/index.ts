export * from './catalog';
export * from './commerce';
export * from './publishing';
export * from './reviews';
export * from './uploads';
export * from './users';
