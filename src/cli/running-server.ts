/**
 * A command that writes to the DuckDB file first asks whether `warden serve` holds it (DuckDB lets
 * one process open a file): if so, the server carries the write out and screens with it at once.
 */
import { askRunningServer } from '../control/index.js';
import type { ControlRequest } from '../model/control-request.js';
import type { CommandContext } from './command-context.js';

/** The running server's answer, or undefined when no server holds ctx.db. */
export async function viaRunningServer<T>(
  ctx: CommandContext,
  request: ControlRequest,
): Promise<T | undefined> {
  const answer = await askRunningServer<T>(ctx.db, request);
  if (answer !== undefined) ctx.stderr.write(`warden: handed to the warden server running on ${ctx.db}.\n`);
  return answer;
}
