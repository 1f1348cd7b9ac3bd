/**
 * {@code fpsctl mcp}: a Model Context Protocol server on standard input and output (docs/mcp.md), built on the
 * official MCP Java SDK. Its tools are thin wrappers over what the commands use ({@code capture}'s
 * {@code Measurement}, {@code analysis.SavedDump}, {@code verdict.Gate}, {@code engine.compare}); it writes only
 * under one output folder ({@link io.fpsctl.mcp.Sandbox}) and nothing but JSON-RPC reaches standard output.
 * The command line ({@code cli}) declares the command and hands it the device access ({@link
 * io.fpsctl.mcp.DeviceAccess}); nothing else uses this package.
 */
package io.fpsctl.mcp;
