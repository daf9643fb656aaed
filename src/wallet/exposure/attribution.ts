/**
 * Attribution: what is known about an address (sanctioned set, client blacklist, labels), as one
 * function the exposure walk calls. The walk stops at attributed addresses: their funds are pooled
 * (an exchange, a mixer), so following them further would attribute other people's money.
 */
import type { AddressCategory } from '../tables/categories.js';

/**
 * The category of an address in lookup form, or null when nothing is known about it. Called about
 * once per distinct address met (the walk caches by id), so a few map lookups are the right cost.
 */
export type Attribution = (address: string) => AddressCategory | null;
