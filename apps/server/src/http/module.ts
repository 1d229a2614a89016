import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { AssetStorage } from '../providers/storage/storage.ts';

/** What every route module receives as its plugin options. */
export interface ModuleDeps {
  env: Env;
  database: Database;
  storage: AssetStorage;
}

/** A route module: `export const ordersRoutes: RouteModule = async (app, deps) => { ... }`. */
export type RouteModule = FastifyPluginAsync<ModuleDeps>;
