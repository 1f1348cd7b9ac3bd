/**
 * Measuring a device farm continuously: every device of every adb server, as they come and go, each app on
 * each device in its own poll loop ({@code fpsctl exporter}).
 */
package io.fpsctl.capture.farm;
