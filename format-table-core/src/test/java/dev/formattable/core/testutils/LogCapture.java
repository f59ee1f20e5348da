/*
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
package dev.formattable.core.testutils;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/** Collects what one class logs at WARN and above while it is open. */
public final class LogCapture implements AutoCloseable {

    private final List<LogEvent> events = new CopyOnWriteArrayList<>();
    private final String loggerName;
    private final LoggerContext context;
    private final AbstractAppender appender;

    private LogCapture(Class<?> logger) {
        this.loggerName = logger.getName();
        this.context = (LoggerContext) LogManager.getContext(false);
        this.appender =
                new AbstractAppender(
                        "capture-" + loggerName, null, null, true, Property.EMPTY_ARRAY) {
                    @Override
                    public void append(LogEvent event) {
                        events.add(event.toImmutable());
                    }
                };
        appender.start();
        Configuration config = context.getConfiguration();
        LoggerConfig loggerConfig = new LoggerConfig(loggerName, Level.WARN, true);
        loggerConfig.addAppender(appender, Level.WARN, null);
        config.addLogger(loggerName, loggerConfig);
        context.updateLoggers();
    }

    public static LogCapture of(Class<?> logger) {
        return new LogCapture(logger);
    }

    /** The formatted messages of the warnings so far. */
    public List<String> warnings() {
        return events.stream()
                .filter(e -> e.getLevel() == Level.WARN)
                .map(e -> e.getMessage().getFormattedMessage())
                .collect(Collectors.toList());
    }

    @Override
    public void close() {
        context.getConfiguration().removeLogger(loggerName);
        context.updateLoggers();
        appender.stop();
    }
}
