/*
 * Copyright 2026 the RuleFilter authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.rulefilter.artemis.log;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;

/**
 * The plugin's own messages: starting, the settings it refuses to start with, its place among the broker's plugins,
 * its management operations.
 */
public final class PluginLogger {

   private static final Logger LOG = LoggerFactory.getLogger("io.rulefilter.artemis");

   private static final LogMessage ACTIVE = LogMessage.info(LOG, 1000,
         "active (tag property '{}', limits {}, routing index {}, Type B on {})");
   private static final LogMessage PLUGIN_BEFORE_RULEFILTER = LogMessage.warn(LOG, 2001,
         "plugin {} comes before RuleFilter and sees queue filters before RuleFilter turns raw rules into SQL; a queue "
         + "created through management with a raw rule may be refused. Put RuleFilter first among the <broker-plugins>.");
   private static final LogMessage MANAGEMENT_NOT_UNREGISTERED = LogMessage.warn(LOG, 2002,
         "could not unregister its management operations");
   private static final LogMessage CONFIGURATION_STATUS_UNREADABLE = LogMessage.warn(LOG, 2005,
         "could not read the broker's configuration status to check its broker properties ({}); a refused RuleFilter "
         + "property would go unnoticed");
   private static final LogMessage MANAGEMENT_NOT_REGISTERED = LogMessage.thrown(LOG, 3002,
         "could not register its management operations");
   private static final LogMessage BROKER_PROPERTIES_REFUSED = LogMessage.thrown(LOG, 3201,
         "not started, its broker properties were refused: {}");
   private static final LogMessage SETTING_INVALID = LogMessage.thrown(LOG, 3202,
         "property '{}' {}, was '{}'");
   private static final LogMessage UNKNOWN_SETTING = LogMessage.thrown(LOG, 3203,
         "unknown property {}; known: {}");
   private static final LogMessage UNKNOWN_SETTINGS = LogMessage.thrown(LOG, 3204,
         "unknown properties {}; known: {}");

   private PluginLogger() {
   }

   public static void active(String tagProperty, Object limits, boolean routingIndex, Object typeBAddresses) {
      ACTIVE.log(tagProperty, limits, routingIndex ? "on" : "off", typeBAddresses);
   }

   public static void pluginBeforeRuleFilter(String pluginClass) {
      PLUGIN_BEFORE_RULEFILTER.log(pluginClass);
   }

   public static void managementNotUnregistered(Throwable cause) {
      MANAGEMENT_NOT_UNREGISTERED.log(cause);
   }

   public static void configurationStatusUnreadable(String unreadable) {
      CONFIGURATION_STATUS_UNREADABLE.log(unreadable);
   }

   /** The error the plugin fails to start with when Artemis could not apply broker properties about it. */
   public static IllegalStateException brokerPropertiesRefused(String refused) {
      return new IllegalStateException(BROKER_PROPERTIES_REFUSED.formatted(refused));
   }

   /** {@code reason} says what the value must be: "must be true or false". */
   public static IllegalArgumentException settingInvalid(String key, String reason, String value, Exception cause) {
      return new IllegalArgumentException(SETTING_INVALID.formatted(key, reason, value), cause);
   }

   /** {@code unknown}: the one unknown property, shown as a list like {@link #unknownSettings}'s. */
   public static IllegalArgumentException unknownSetting(Collection<String> unknown, Collection<String> known) {
      return new IllegalArgumentException(UNKNOWN_SETTING.formatted(unknown, known));
   }

   public static IllegalArgumentException unknownSettings(Collection<String> unknown, Collection<String> known) {
      return new IllegalArgumentException(UNKNOWN_SETTINGS.formatted(unknown, known));
   }

   /** The error the plugin fails to start with when the broker refuses its management operations. */
   public static IllegalStateException managementNotRegistered(Throwable cause) {
      return new IllegalStateException(MANAGEMENT_NOT_REGISTERED.formatted(), cause);
   }
}
