import type { TestProject } from 'vitest/node';
import { startCluster } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster of the PostgreSQL run (each server test makes its own database in it). */
    pgAdminUrl: string;
  }
}

/** Global setup of the `server-postgres` test project: one cluster for the run, removed after. */
export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startCluster();
  project.provide('pgAdminUrl', cluster.adminUrl);
  return cluster.stop;
}
