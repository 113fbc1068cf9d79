function recoverSolution(state) {
    let current = state;
    let solution = [];

    while (current.parent !== undefined) {
        let zeroIdx = current.move[0];
        let swapIdx = current.move[1];
        let difference = swapIdx - zeroIdx;
        
        switch(difference) {
            case 1: 
                solution.push('right');
                break;
            case -1: 
                solution.push('left');
                break;
            case 3: 
                solution.push('down');
                break;
            case -3: 
                solution.push('up');
                break;
        }

        current = current.parent;
    }

    return solution;
}

function applyMove(board, move) {
    // create a copy
    let newBoard = board.slice();

    let zeroIdx = move[0];
    let swapIdx = move[1];

    newBoard[zeroIdx] = newBoard[swapIdx];
    newBoard[swapIdx] = 0;

    return newBoard;
}

function getMoves(board) {
    let zeroIdx = board.indexOf(0);
    let zeroRow = Math.floor(zeroIdx / 3);
    let zeroCol = zeroIdx % 3;

    let moves = [];

    // left (col - 1)
    if (zeroCol !== 0) {
        moves.push([zeroIdx, zeroRow * 3 + (zeroCol - 1)])
    }

    // down (row + 1)
    if (zeroRow !== 2) {
        moves.push([zeroIdx, (zeroRow + 1) * 3 + zeroCol])
    }

    // right (col + 1)
    if (zeroCol !== 2) {
        moves.push([zeroIdx, zeroRow * 3 + (zeroCol + 1)])
    }

    // up (row - 1)
    if (zeroRow !== 0) {
        moves.push([zeroIdx, (zeroRow - 1) * 3 + zeroCol])
    }

    return moves;
}

function isSolved(board) {
    let solved = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    
    for (let idx in board) {
        if (board[idx] !== solved[idx]) {
            return false;
        }
    }

    return true;
}

function solve(board) {
    // our queue
    let candidates = [];

    // track previously visited states
    let visited = new Map();

    // add the starting state
    candidates.push({
        // current board
        board: board,      
        // the parent state that the move was applied to 
        parent: undefined, 
        // the move used to get here
        move: undefined,   
    });

    while(candidates.length) {
        // remove states from the front
        let current = candidates.shift();

        // check solved
        if (isSolved(current.board)) {
            // recover state
            return recoverSolution(current);
        }

        // get valid moves
        let moves = getMoves(current.board);

        // create states from moves
        for (let idx in moves) {
            let move = moves[idx];
            let nextBoard = applyMove(current.board, move);
            if (nextBoard in visited) {
                continue;
            }

            let state = {
                board: nextBoard,
                parent: current,
                move: move,
            };

            // in hindsight this isn't the best name
            // since we haven't "visited" these nodes yet
            // a more appropriate name would be seen...
            // oh well, you can deal with it
            visited[nextBoard] = true;

            candidates.push(state);
        }
    } 

    return [];
}

function run(items) {
    // Connect to the websocket endpoint.
    var socket = new WebSocket("wss://pointatinfinity.com/eight/ws");
    var ready = false;

    // Handle messages. See /docs/fifiteen for message formats.
    let first = true;
    socket.onmessage = function(e) { 
        var state = JSON.parse(e.data);
        // Handle responses from the server, check the state here...
        
        console.log(state);
        displayState(state);

        if (state.Status === "complete") {
            return;
        }

        // make solution a global
        if (first) {
            solution = solve(state.Board);
            console.log(solution);
            first = false;
        } else {
            nextMove();
        }
    };

    // Function that is called when the websocket is ready.
    function onReady() {
        ready = true;
        nextMove();
    }

    // Recursive timer loop to wait for the websocket.
    function waitReady() {
        setTimeout(function() {
            if(socket.readyState === 1 && solution) {
                onReady();
            } else {
                waitReady();
            }
        }, 100);
    }

    function nextMove() {
        let move = solution.pop();
        send(move);
    }

    // Helper function to visualize state.
    function displayState(state) {
        for(var idx in state.Board) {
            var cell = document.getElementById("cell_" + idx);
            var style = 'url("/bin/tiles/' + state.Board[idx] + '.png")';
            cell.style['background-image'] = style;
        }
    
        var status = document.getElementById("status");
        status.innerText = state.Status;

        var score = document.getElementById("score");
        score.innerText = state.Score;      
    }

    // Send function for the buttons and to demonstrate message format.
    window.send = function(move) {
        if (!ready) {
            return;
        }
        socket.send(JSON.stringify({Move: move}));
    }
    
    waitReady();
}

// Run the code when executed.
run();
