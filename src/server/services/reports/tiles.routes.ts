import type { FastifyInstance } from 'fastify';
import { tileCalls } from '../../../model/calls/tiles';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf } from '../../access/input.util';
import { serveCall } from '../../http/calls';
import { requestLanguage } from '../../http/envelope';
import { listTiles, previewTile, removeTiles, runTileById, saveTile, tileBoard, viewerTiles } from './tiles.service';

/**
 * Tiles a company builds (issue 34): GET /rptapi/tiles, POST /rptapi/tiles/save | remove | preview
 * (menu code `rpt.tiles`: read, create, update, remove, and its menu entry), and for every signed-in user of a company
 * GET /rptapi/tiles/board, /rptapi/tiles/mine and /rptapi/tiles/:id/run (the tiles shown to the caller, run as the caller).
 */
export async function tileRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth, bodyLimit: 64 * 1024 };
  serveCall(app, tileCalls.list, guard, async (req) => listTiles(app.db, authOf(req), requestLanguage(req)));
  serveCall(app, tileCalls.save, guard, async (req) => saveTile(app.db, authOf(req), inputOf(req), requestLanguage(req)));
  serveCall(app, tileCalls.remove, guard, async (req) => removeTiles(app.db, authOf(req), inputOf(req), requestLanguage(req)));
  serveCall(app, tileCalls.preview, guard, async (req) => previewTile(app.db, authOf(req), inputOf(req), requestLanguage(req)));
  serveCall(app, tileCalls.board, guard, async (req) => tileBoard(app.db, authOf(req), requestLanguage(req)));
  serveCall(app, tileCalls.mine, guard, async (req) => ({ tiles: await viewerTiles(app.db, authOf(req), requestLanguage(req)) }));
  serveCall(app, tileCalls.run, guard, async (req) => runTileById(app.db, authOf(req), (req.params as { id?: unknown }).id, requestLanguage(req)));
}
