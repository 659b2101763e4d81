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
/**
 * RuleFilter as an Artemis broker plugin. <b>Supported API</b>: {@link io.rulefilter.artemis.RuleFilterPlugin} (the
 * class broker.xml names, or code registers), {@link io.rulefilter.artemis.PluginSettings} with its
 * {@link io.rulefilter.artemis.Setting}s and {@link io.rulefilter.artemis.TypeBAddresses}, and
 * {@link io.rulefilter.artemis.RunningPlugins}; and the management operations of
 * {@link io.rulefilter.artemis.management.RuleFilterControlMBean}. Everything else in the sub-packages is internal,
 * <b>not a supported API</b>: {@code io.rulefilter.artemis.internal} by its name, the others by their package-info.
 * They keep their names because Artemis loads the plugin from its classpath, where no module-info hides a package; what
 * keeps users off them is that no supported signature names an internal type, which {@code SupportedPluginApiTest}
 * checks.
 */
package io.rulefilter.artemis;
