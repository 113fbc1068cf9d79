// fifteen's page: draws the states the server sends and sends moves back.
// The protocol (src/net/protocol.rs): states {"Board":[…],"Status":…,"Score":n}
// (plus Rows, Cols, and Phase/Target/Region while watching) and moves
// {"Move":"left"}, naming where the blank goes.
(function () {
  'use strict';

  var boardEl = document.getElementById('board');
  var statusEl = document.getElementById('status');
  var scoreEl = document.getElementById('score');
  var phaseEl = document.getElementById('phase');
  var watchEl = document.getElementById('watch');
  var speedEl = document.getElementById('speed');
  var newEl = document.getElementById('new');

  var socket = null;
  var rows = 0;
  var cols = 0;
  var cells = [];
  var regionEl = null;
  var board = [];
  var watching = false;
  var over = true;

  // Arrow keys name the way a tile slides; the server wants the blank's way.
  var KEYS = { ArrowLeft: 'right', ArrowRight: 'left', ArrowUp: 'down', ArrowDown: 'up' };

  function connect() {
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'new game');
    }
    var url = new URL('ws', location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(url.href);
    setStatus('connecting…', '');
    watching = false;
    over = true;
    controls();
    socket.onmessage = function (e) {
      var state;
      try {
        state = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      show(state);
    };
    socket.onclose = function (e) {
      watching = false;
      over = true;
      setStatus('disconnected' + (e.reason ? ': ' + e.reason : '') + ' (press New game)', 'error');
      controls();
    };
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
    }
  }

  function build(r, c) {
    rows = r;
    cols = c;
    boardEl.textContent = '';
    var size = Math.max(18, Math.min(72, Math.floor(460 / Math.max(r, c))));
    boardEl.style.setProperty('--cell', size + 'px');
    boardEl.style.gridTemplateColumns = 'repeat(' + c + ', var(--cell))';
    boardEl.style.gridTemplateRows = 'repeat(' + r + ', var(--cell))';
    cells = [];
    for (var i = 0; i < r * c; i++) {
      var cell = document.createElement('div');
      cell.id = 'cell_' + i;
      cell.className = 'cell';
      cell.setAttribute('role', 'gridcell');
      cell.style.gridRow = String(Math.floor(i / c) + 1);
      cell.style.gridColumn = String((i % c) + 1);
      cell.addEventListener('click', clicked.bind(null, i));
      boardEl.appendChild(cell);
      cells.push(cell);
    }
    regionEl = document.createElement('div');
    regionEl.id = 'region';
    regionEl.className = 'region';
    regionEl.hidden = true;
    boardEl.appendChild(regionEl);
  }

  function show(state) {
    if (!state || !Array.isArray(state.Board)) {
      return;
    }
    var n = state.Board.length;
    var r = state.Rows || Math.round(Math.sqrt(n));
    var c = state.Cols || Math.round(n / r);
    if (r !== rows || c !== cols || cells.length !== n) {
      build(r, c);
    }
    board = state.Board;
    var targets = state.Target || [];
    for (var i = 0; i < n; i++) {
      var tile = board[i];
      var cell = cells[i];
      cell.textContent = tile ? String(tile) : '';
      cell.classList.toggle('blank', tile === 0);
      cell.classList.toggle('home', tile === i + 1);
      cell.classList.toggle('target', tile !== 0 && targets.indexOf(tile) >= 0);
      cell.classList.toggle('goal', targets.indexOf(i + 1) >= 0);
    }
    var status = String(state.Status);
    setStatus(status, status.indexOf('error') === 0 ? 'error' : status === 'complete' ? 'complete' : '');
    scoreEl.textContent = String(state.Score);
    over = status === 'complete';
    watching = !!state.Phase && !over;
    var area = state.Region;
    if (state.Phase && area && area.Bottom > area.Top && area.Right > area.Left) {
      regionEl.style.gridRow = (area.Top + 1) + ' / ' + (area.Bottom + 1);
      regionEl.style.gridColumn = (area.Left + 1) + ' / ' + (area.Right + 1);
      regionEl.hidden = false;
    } else {
      regionEl.hidden = true;
    }
    if (state.Phase) {
      phaseEl.textContent = (over ? 'Solved. Last: ' : 'Watching: ') + state.Phase + ', placing ' + targets.join(' + ');
    } else {
      phaseEl.textContent = over ? 'Solved in ' + state.Score + ' moves.' : '\u00a0';
    }
    controls();
  }

  function setStatus(text, kind) {
    statusEl.textContent = text;
    statusEl.className = kind;
  }

  function controls() {
    watchEl.textContent = watching ? 'Stop' : 'Watch';
    watchEl.disabled = over && !watching;
  }

  function clicked(i) {
    var blank = board.indexOf(0);
    if (blank < 0) {
      return;
    }
    var sameRow = Math.floor(i / cols) === Math.floor(blank / cols);
    if (i === blank - 1 && sameRow) {
      send({ Move: 'left' });
    } else if (i === blank + 1 && sameRow) {
      send({ Move: 'right' });
    } else if (i === blank - cols) {
      send({ Move: 'up' });
    } else if (i === blank + cols) {
      send({ Move: 'down' });
    }
  }

  document.addEventListener('keydown', function (e) {
    var move = KEYS[e.key];
    if (move && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      send({ Move: move });
    }
  });

  watchEl.addEventListener('click', function () {
    if (watching) {
      send({ Stop: true });
    } else {
      send({ Watch: Number(speedEl.value) });
    }
  });

  speedEl.addEventListener('change', function () {
    if (watching) {
      send({ Watch: Number(speedEl.value) });
    }
  });

  newEl.addEventListener('click', connect);

  connect();
})();
