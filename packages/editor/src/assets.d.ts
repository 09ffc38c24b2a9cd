// Stylesheets are bundled by Vite (apps/web); for TypeScript they are side-effect modules.
declare module '*.css';
