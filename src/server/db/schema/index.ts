export * from './catalog';
export * from './commerce';
export * from './users';
export * from './publishing';
