/**
 * Management rules, switches and address rules in the broker's bindings journal, as a persisted key-value map.
 * Internal, <b>not a supported API</b>; the record format is read leniently so records of other versions still load.
 */
package io.rulefilter.artemis.store;
