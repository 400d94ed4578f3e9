/**
 * The declared calls of the API, by area (issue 30). Each area keeps its own file
 * (`src/model/calls/<area>.ts`) with its calls and the types of their inputs and replies; this file
 * re-exports them. The machinery is `./call.ts`.
 */
export * from './call';
