import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

/**
 * A shipped module a newcomer can read in one sitting: at most 300 lines. A file over it has
 * more than one job; split it along its seams (a hook over a view, a part of its own). Tests,
 * type declarations and generated code (openapi-typescript's contract types) are not shipped
 * logic and are left out.
 */
const MAX_LINES = 300
const root = fileURLToPath(new URL('..', import.meta.url))
const SHIPPED = ['mount', 'src', 'widgets']

const isShippedModule = (file: string) =>
  /\.(ts|tsx)$/.test(file) && !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(file)
const isGenerated = (text: string) =>
  /^\/\*\*?\s*\n?\s*\*?\s*This file was auto-generated/.test(text)

it(`no shipped module is over ${MAX_LINES} lines`, () => {
  const long = SHIPPED.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter(isShippedModule)
      .map((file) => join(dir, file))
      .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }))
      .filter(({ text }) => !isGenerated(text))
      .map(({ file, text }) => ({ file, lines: text.split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES),
  )
  expect(long).toEqual([])
})
