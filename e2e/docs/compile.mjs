// Compiles one .mdx file with MDX 3, the compiler Docusaurus uses, and
// prints the JavaScript it gives (e2e/docs_test.go reads it).
import { compile } from "@mdx-js/mdx";
import { readFile } from "node:fs/promises";

const source = await readFile(process.argv[2], "utf8");
process.stdout.write(String(await compile(source)));
