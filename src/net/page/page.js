// fifteen's page: draws the states the server sends and sends moves back.
// The protocol (src/net/protocol.rs): states {"Board":[…],"Status":…,"Score":n}
// (plus Rows, Cols, and Phase/Target/Region while watching) and moves
// {"Move":"left"}, naming where the blank goes. The page asks for the optimal
// distance ({"Optimal":true}); the server then follows a state, once it knows,
// with {"Optimal":{"Score":n,"Moves":m,"Best":"left","Tile":t}} (or "Error").
(function () {
  'use strict';

  var boardEl = document.getElementById('board');
  var statusEl = document.getElementById('status');
  var scoreEl = document.getElementById('score');
  var phaseEl = document.getElementById('phase');
  var watchEl = document.getElementById('watch');
  var speedEl = document.getElementById('speed');
  var newEl = document.getElementById('new');
  var optimalEl = document.getElementById('optimal');
  var bestEl = document.getElementById('best');

  var socket = null;
  var rows = 0;
  var cols = 0;
  var cells = [];
  var regionEl = null;
  var board = [];
  var watching = false;
  var over = true;
  var score = -1;
  // The optimal distance of the position on screen, once the server sends it.
  var optimal = null;
  // The fewest moves that solve the board dealt, once known.
  var dealtOptimal = null;
  var showBest = false;

  // Arrow keys name the way a tile slides; the server wants the blank's way.
  var KEYS = { ArrowLeft: 'right', ArrowRight: 'left', ArrowUp: 'down', ArrowDown: 'up' };
  // The way the tile slides when the blank goes this way, as a word and an arrow.
  var TILE_WAY = { left: 'right', right: 'left', up: 'down', down: 'up' };
  var ARROWS = { left: '\u2190', right: '\u2192', up: '\u2191', down: '\u2193' };
  // The optimal solver takes boards of up to 16 cells.
  var MAX_OPTIMAL_CELLS = 16;

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
    score = -1;
    optimal = null;
    dealtOptimal = null;
    controls();
    socket.onopen = function () {
      send({ Optimal: true });
    };
    socket.onmessage = function (e) {
      var message;
      try {
        message = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      if (message && message.Optimal) {
        learn(message.Optimal);
      } else {
        show(message);
      }
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
      paint(cell, tile);
      cell.classList.toggle('blank', tile === 0);
      cell.classList.toggle('home', tile === i + 1);
      cell.classList.toggle('target', tile !== 0 && targets.indexOf(tile) >= 0);
      cell.classList.toggle('goal', targets.indexOf(i + 1) >= 0);
    }
    if (state.Score !== score) {
      // A new position: its distance is not known yet.
      score = state.Score;
      optimal = null;
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
      // The title names what is being built, as the window and the terminal do.
      var what = state.Title || state.Phase + ', placing ' + targets.join(' + ');
      phaseEl.textContent = (over ? 'Solved. Last: ' : 'Watching: ') + what;
    } else {
      var fewest = dealtOptimal === null ? '' : ' (the fewest possible: ' + dealtOptimal + ')';
      phaseEl.textContent = over ? 'Solved in ' + state.Score + ' moves' + fewest + '.' : '\u00a0';
    }
    showOptimal();
    controls();
  }

  // An optimal distance: kept if it is for the position on screen (the
  // server sends it only then, but a move may be on its way back).
  function learn(answer) {
    if (answer.Score === 0 && typeof answer.Moves === 'number') {
      dealtOptimal = answer.Moves;
    }
    if (answer.Score === score) {
      optimal = answer;
      showOptimal();
    }
  }

  // "optimal: 23 moves left" under the board, as the window's side panel
  // says it; with Best move on, the tile to slide and its way, marked.
  function showOptimal() {
    var small = cells.length > 0 && cells.length <= MAX_OPTIMAL_CELLS;
    optimalEl.hidden = !small;
    bestEl.hidden = !small;
    for (var i = 0; i < cells.length; i++) {
      cells[i].classList.remove('best');
    }
    if (!small) {
      return;
    }
    var text = 'optimal: \u2026';
    if (optimal && typeof optimal.Moves === 'number') {
      var left = optimal.Moves;
      text = left === 0 ? 'optimal: solved' : 'optimal: ' + left + (left === 1 ? ' move' : ' moves') + ' left';
      if (showBest && optimal.Best && optimal.Tile) {
        var way = TILE_WAY[optimal.Best];
        text += ', best: slide ' + optimal.Tile + ' ' + way;
        var at = board.indexOf(optimal.Tile);
        if (at >= 0) {
          cells[at].classList.add('best');
          cells[at].dataset.arrow = ARROWS[way];
        }
      }
    } else if (optimal) {
      text = 'optimal: unavailable (' + optimal.Error + ')';
    }
    optimalEl.textContent = text;
  }

  function toggleBest() {
    showBest = !showBest;
    bestEl.setAttribute('aria-pressed', String(showBest));
    showOptimal();
  }

  // A tile's colour says where it belongs, as in the window: the hue runs
  // across the columns (and a little down the rows), the lightness down the
  // rows, so the solved part reads as a gradient.
  function homeColor(tile) {
    var i = tile - 1;
    var fx = cols > 1 ? (i % cols) / (cols - 1) : 0;
    var fy = rows > 1 ? Math.floor(i / cols) / (rows - 1) : 0;
    return hslToRgb(8 + 280 * (0.75 * fx + 0.25 * fy), 0.66, 0.68 - 0.22 * fy);
  }

  function hslToRgb(h, s, l) {
    var c = (1 - Math.abs(2 * l - 1)) * s;
    var hp = (h % 360) / 60;
    var x = c * (1 - Math.abs((hp % 2) - 1));
    var rgb = hp < 1 ? [c, x, 0] : hp < 2 ? [x, c, 0] : hp < 3 ? [0, c, x] : hp < 4 ? [0, x, c] : hp < 5 ? [x, 0, c] : [c, 0, x];
    var m = l - c / 2;
    return rgb.map(function (v) { return Math.round((v + m) * 255); });
  }

  function paint(cell, tile) {
    if (!tile) {
      cell.style.background = '';
      cell.style.color = '';
      return;
    }
    var rgb = homeColor(tile);
    var luma = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2];
    cell.style.background = 'rgb(' + rgb.join(',') + ')';
    cell.style.color = luma > 140 ? '#14161c' : '#f5f5f5';
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
    if (e.altKey || e.ctrlKey || e.metaKey) {
      return;
    }
    var move = KEYS[e.key];
    if (move) {
      e.preventDefault();
      send({ Move: move });
    } else if (e.key === 'b' || e.key === 'B') {
      e.preventDefault();
      toggleBest();
    }
  });

  bestEl.addEventListener('click', toggleBest);

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
