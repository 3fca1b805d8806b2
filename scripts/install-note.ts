// npm install's last word on a machine whose Node is not 22: the project's .npmrc keeps npm to
// errors, since every dependency that asks for Node 22 would otherwise print a five-line engine
// warning (about 110 lines on Node 20), and this one line says why that is fine.
// npm puts node_modules/.bin first on a script's PATH, and the "node" devDependency is installed
// (its own install script allowed in package.json) before this runs, so Node 22 runs this file too.
const agent = process.env.npm_config_user_agent ?? '';
const major = /\bnode\/v(\d+)/.exec(agent)?.[1];
if (major && major !== '22') {
  console.log(
    `\nInstalled. Your Node ${major} only runs npm: every npm script runs on the project's bundled Node 22 (the "node" devDependency).\n`,
  );
}
