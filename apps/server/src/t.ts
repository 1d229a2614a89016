import { openDatabase } from './db/client.ts';
import { venues } from './db/schema.ts';
const t=Date.now();
const d = await openDatabase({ dataDir: '/tmp/pgl-test' });
console.log('opened+migrated', Date.now()-t);
await d.db.insert(venues).values({venueUrl:'x'+Date.now(), name:'X', currency:'eur'});
console.log((await d.db.select().from(venues)).length);
try { await openDatabase({ dataDir: '/tmp/pgl-test' }); } catch(e) { console.log('second', (e as Error).message.slice(0,80)); }
await d.close();
const p = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres' , migrate:false});
console.log('pg ping', await p.ping()); await p.close();
