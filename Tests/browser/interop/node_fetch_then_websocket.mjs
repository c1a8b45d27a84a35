// Node's built-in WebSocket (undici) after `fetch` on the same origin: undici keeps the fetch's
// connection alive and sends the WebSocket upgrade on it, so the server must take an upgrade in a
// later request of a keep-alive connection.
//
//   node --experimental-websocket node_fetch_then_websocket.mjs http://127.0.0.1:PORT MATCHES
//
// Creates MATCHES matches with fetch and opens three sockets per match; each waits for its `welcome`,
// logs in (the first two) and closes with 1000. Prints one JSON line: {"opened": n, "failures": [...]}.

const base = process.argv[2];
const matches = Number(process.argv[3] ?? "20");
const wsBase = base.replace(/^http/, "ws");

function session(matchId, name) {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${wsBase}/ws/${matchId}`);
    let welcomed = false;
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "welcome" && !welcomed) {
        welcomed = true;
        if (name) socket.send(JSON.stringify({ type: "login", name }));
        else socket.close(1000, "done");
      } else if (message.type === "seated") {
        socket.close(1000, "done");
      }
    };
    socket.onerror = (event) => resolve(`error: ${event.message ?? event.type}`);
    socket.onclose = (event) =>
      resolve(welcomed && event.code === 1000 && event.wasClean ? null : `closed ${event.code} clean=${event.wasClean}`);
  });
}

const failures = [];
let opened = 0;
for (let i = 0; i < matches; i++) {
  const response = await fetch(`${base}/api/matches`, { method: "POST" });
  if (response.status !== 201) {
    failures.push(`POST /api/matches answered ${response.status}`);
    continue;
  }
  const { matchId } = await response.json();
  const results = await Promise.all([session(matchId, "Ada"), session(matchId, "Bob"), session(matchId, null)]);
  for (const result of results) {
    if (result === null) opened += 1;
    else failures.push(result);
  }
}
console.log(JSON.stringify({ opened, failures }));
