/**
 * Match equity tables: the Met type and lookups, the Zadeh model, and the built-in Kazaross-XG2 table.
 *
 * @module
 */

export {
  extendExplicitMet,
  loadKazarossXG2,
  MET_TOLERANCE,
  MetError,
  type MetJson,
  parseMetJson,
  validateMet,
} from './load.js';
export {
  type CubeInfo,
  DEGENERATE_MWC_SPREAD,
  doublePassEquity,
  eq2mwc,
  getME,
  MET_SIZE,
  type Met,
  mwc2eq,
  mwcAtScore,
  mwcFactor,
  mwcPost,
  mwcPre,
  winLoseMwc,
} from './table.js';
export {
  DEFAULT_ZADEH_PARAMETERS,
  ZADEH_CUBE_LEVELS,
  type ZadehParameters,
  zadehMet,
  zadehPostCrawford,
  zadehPreCrawford,
} from './zadeh.js';
