/**
 * What clients and configuration send as selectors: raw rules turned into the selector form before Artemis parses
 * them, clients shown their own text, rules enforced for consumers where Artemis's SQL cannot, broker.xml rewritten
 * on reload. Internal, <b>not a supported API</b>.
 */
package io.rulefilter.artemis.protocol;
