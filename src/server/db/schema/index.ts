export * from './catalog';
export * from './commerce';
export * from './publishing';
export * from './users';
