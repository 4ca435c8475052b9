/** The shape of a catalogue in another language: the French one's keys (the contract's, as the server's catalogues use it). */
export type { Catalogue } from '../../../contract/catalogue.js';
