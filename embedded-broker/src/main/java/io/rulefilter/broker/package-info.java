/**
 * The embedded broker behind {@code rulefilter broker}: Artemis 2.56.0 with the plugin, configured from a broker.xml.
 * Internal: the supported interface is the command and its configuration files.
 */
package io.rulefilter.broker;
